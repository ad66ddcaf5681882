import { join } from 'node:path';
import { drawnBackdropUrl } from '@seyirlik/shared-contracts';

/** server/assets, reached alike from server/src/catalog (tests) and server/dist/catalog (built). */
const ASSETS_DIR = join(__dirname, '..', '..', 'assets');

/** The demo catalog, in the import format; seeded on the embedded default's first start. */
export const DEMO_CATALOG_FILE = join(ASSETS_DIR, 'demo', 'catalog.json');

/** Sample clips made by scripts/generate-demo-media.sh, served at /media/demo/. */
export const DEMO_MEDIA_DIR = join(ASSETS_DIR, 'demo', 'media');

/** A title's poster: its own image, or the one the site draws from its name. */
export function posterUrl(title: { slug: string; posterUrl: string | null }): string {
  return title.posterUrl ?? `/media/posters/${title.slug}.svg`;
}

/** A title's backdrop: its own image, or the one the site draws in its colours. */
export function backdropUrl(title: { slug: string; backdropUrl: string | null }): string {
  return title.backdropUrl ?? drawnBackdropUrl(title);
}
