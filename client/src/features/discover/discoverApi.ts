import type { ChannelCard, DiscoverPage, GenreOption } from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

/** One page of the discover list for an encoded filter; a broken filter comes back unfiltered with a message. */
export function fetchDiscoverPage(filter: string, page: number): Promise<DiscoverPage> {
  return api.get<DiscoverPage>(`/api/discover?filter=${encodeURIComponent(filter)}&page=${page}`);
}

export function fetchGenres(): Promise<GenreOption[]> {
  return api.get<GenreOption[]>('/api/genres');
}

/** The channels that have titles, in Turkish alphabetical order. */
export function fetchChannels(): Promise<ChannelCard[]> {
  return api.get<ChannelCard[]>('/api/channels');
}
