import type { SearchResult, TitleCard } from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

/** Titles matching a live search query (at least LIMITS.liveSearchMinLength characters), closest first. */
export async function searchTitles(query: string): Promise<TitleCard[]> {
  const { titles } = await api.get<SearchResult>(`/api/search?q=${encodeURIComponent(query)}`);
  return titles;
}
