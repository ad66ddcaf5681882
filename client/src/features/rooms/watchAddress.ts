import type { TitleKind } from '@seyirlik/shared-contracts';

/** The arguments of the watch page's loader (`loadWatch`) for an episode. */
export interface WatchAddress {
  kind: TitleKind;
  slug: string;
  season: string;
  episode: string;
}

const EPISODE_PATH = /^\/(dizi|anime)\/([^/]+)\/(\d+)-sezon\/(\d+)-bolum$/;
const FILM_PATH = /^\/film\/([^/]+)\/izle$/;

/**
 * Reads a watch page address (`watchPath()` in shared-contracts, which a room's episode carries)
 * back into what loads that page's sources; null for anything else.
 */
export function watchAddressOf(path: string): WatchAddress | null {
  const episode = EPISODE_PATH.exec(path);
  if (episode) {
    return { kind: episode[1] as TitleKind, slug: decodeURIComponent(episode[2]!), season: episode[3]!, episode: episode[4]! };
  }
  const film = FILM_PATH.exec(path);
  if (film) return { kind: 'film', slug: decodeURIComponent(film[1]!), season: '1', episode: '1' };
  return null;
}
