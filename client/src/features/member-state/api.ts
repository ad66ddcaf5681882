import type {
  ContinueWatchingEntry,
  EpisodeWatchedState,
  TitleContinueWatching,
  TitleKind,
  TitleMemberState,
} from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

/** A title by its page address. */
export interface TitleAddress {
  kind: TitleKind;
  slug: string;
}

/** The title-level marks a member toggles (the server's POST /api/titles/:kind/:slug/{mark}). */
export type TitleMark = 'follow' | 'favorite' | 'notify';

const titleBase = ({ kind, slug }: TitleAddress) => `/api/titles/${kind}/${encodeURIComponent(slug)}`;

export function fetchTitleMemberState(title: TitleAddress): Promise<TitleMemberState> {
  return api.get<TitleMemberState>(`${titleBase(title)}/me`);
}

/** Toggles a mark; the answer is the state the toggle left, which decides every label. */
export function toggleTitleMark(title: TitleAddress, mark: TitleMark): Promise<TitleMemberState> {
  return api.post<TitleMemberState>(`${titleBase(title)}/${mark}`);
}

/** Sets (not toggles) an episode's watched marker, so a repeated click cannot undo itself. */
export function setEpisodeWatched(episodeId: number, watched: boolean): Promise<EpisodeWatchedState> {
  return api.post<EpisodeWatchedState>(`/api/episodes/${episodeId}/watched`, { watched });
}

export async function fetchTitleContinue(title: TitleAddress): Promise<ContinueWatchingEntry | null> {
  const { entry } = await api.get<TitleContinueWatching>(`${titleBase(title)}/continue-watching`);
  return entry;
}

export async function fetchContinueWatching(): Promise<ContinueWatchingEntry[]> {
  const { entries } = await api.get<{ entries: ContinueWatchingEntry[] }>('/api/continue-watching');
  return entries;
}

export function removeContinueWatching(id: number): Promise<void> {
  return api.delete<void>(`/api/continue-watching/${id}`);
}

/**
 * Saves a member's position in an episode, fire and forget. Not through `api`: the last save goes
 * out while the page is being left, which only a `keepalive` request survives, and a session that
 * ended meanwhile must not open the login modal in the middle of a film; nothing waits for the
 * answer and a failure changes nothing on screen (seed §8: network errors are ignored).
 */
export function saveWatchPosition(episodeId: number, positionSeconds: number): void {
  fetch('/api/continue-watching', {
    method: 'PUT',
    keepalive: true,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ episodeId, positionSeconds }),
  }).catch(() => undefined);
}
