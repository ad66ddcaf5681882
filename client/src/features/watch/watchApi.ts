import type { SourceStream, TitleKind, WatchData } from '@seyirlik/shared-contracts';
import { notFound } from '@tanstack/react-router';
import { ApiError, api } from '../../lib/api';

/** The watch page of an episode; an unknown or unaired one is the route's "not found". */
export async function loadWatch(kind: TitleKind, slug: string, season: string, episode: string): Promise<WatchData> {
  try {
    return await api.get<WatchData>(
      `/api/watch/${kind}/${encodeURIComponent(slug)}/${encodeURIComponent(season)}/${encodeURIComponent(episode)}`,
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

/** The link of a source; a locked one as a visitor fails with 401. */
export function fetchStream(sourceId: number): Promise<SourceStream> {
  return api.get<SourceStream>(`/api/sources/${sourceId}/stream`);
}
