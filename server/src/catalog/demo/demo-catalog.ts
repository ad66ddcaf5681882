import { readFileSync } from 'node:fs';
import type { CatalogImportFile } from '@seyirlik/shared-contracts';
import { DEMO_CATALOG_FILE } from '../catalog.paths';

/** How far ahead of seeding the demo's countdown ends. */
export const DEMO_COUNTDOWN_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Moves the demo's series and anime dates by one offset, so that its latest `releaseAt` lands
 * DEMO_COUNTDOWN_MS after `now`: the countdown always has about three days to go, and the
 * episodes keep their spacing, the newest aired shortly before seeding. A film's one "episode"
 * is its release, in its year: its date stays as the file gives it.
 */
export function shiftDemoDates(catalog: CatalogImportFile, now: Date): CatalogImportFile {
  const releases = (catalog.titles ?? []).flatMap((title) => (title.releaseAt ? [Date.parse(title.releaseAt)] : []));
  if (releases.length === 0) return catalog;
  const offset = now.getTime() + DEMO_COUNTDOWN_MS - Math.max(...releases);
  const shift = (iso: string) => new Date(Date.parse(iso) + offset).toISOString();
  return {
    ...catalog,
    titles: catalog.titles?.map((title) => ({
      ...title,
      releaseAt: title.releaseAt ? shift(title.releaseAt) : title.releaseAt,
      seasons: title.kind === 'film' ? title.seasons : title.seasons.map((season) => ({
        ...season,
        episodes: season.episodes.map((episode) => ({ ...episode, airAt: shift(episode.airAt) })),
      })),
    })),
  };
}

/** The committed demo catalog, its dates moved to `now`. */
export function readDemoCatalog(now: Date): CatalogImportFile {
  return shiftDemoDates(JSON.parse(readFileSync(DEMO_CATALOG_FILE, 'utf8')) as CatalogImportFile, now);
}
