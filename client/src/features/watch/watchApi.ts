import type { SourceStream, TitleKind, WatchData } from '@seyirlik/shared-contracts';
import { notFound } from '@tanstack/react-router';
import { ApiError, api } from '../../lib/api';
import { preloadImage } from '../../lib/preloadImage';

/**
 * The first pre-roll ad's cover fills the player as the watch page opens (AdLayer draws it as the
 * cover's background): it is asked for with the page's data, not once the page is drawn.
 */
export function preloadFirstAdCover(watch: WatchData): void {
  const cover = watch.ads[0]?.image;
  if (cover) preloadImage(encodeURI(cover));
}

/** The watch page of an episode; an unknown or unaired one is the route's "not found". */
export async function loadWatch(kind: TitleKind, slug: string, season: string, episode: string): Promise<WatchData> {
  try {
    const watch = await api.get<WatchData>(
      `/api/watch/${kind}/${encodeURIComponent(slug)}/${encodeURIComponent(season)}/${encodeURIComponent(episode)}`,
    );
    preloadFirstAdCover(watch);
    return watch;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

/** The link of a source; a locked one as a visitor fails with 401. */
export function fetchStream(sourceId: number): Promise<SourceStream> {
  return api.get<SourceStream>(`/api/sources/${sourceId}/stream`);
}
