import { TITLE_KIND_LABELS, type TitleKind } from '@seyirlik/shared-contracts';
import { DRAWN_FONT, artworkOf, backgroundGradient, escapeXml, fitText, motifShapes } from './drawn-art';

export { escapeXml } from './drawn-art';

export interface PosterTitle {
  slug: string;
  name: string;
  kind: TitleKind;
  year: number;
}

const WIDTH = 300;
const HEIGHT = 450;
/** The name's column: the poster's width less its margins. */
export const POSTER_TEXT_WIDTH = WIDTH - 2 * 24;
/** Font sizes the name may take, largest first: a short name large, a long one smaller. */
export const POSTER_NAME_SIZES = [40, 36, 32, 28, 25, 22] as const;
export const POSTER_MAX_LINES = 5;

/**
 * The poster the site draws for a title without one: a gradient and a motif in colours from the
 * slug's hash (the same title always looks the same), the kind, the year and the name, set as
 * large as it fits in at most five lines within the margins.
 */
export function drawPoster(title: PosterTitle): string {
  const art = artworkOf(title.slug);
  const { lines, fontSize } = fitText(title.name, { sizes: POSTER_NAME_SIZES, maxWidth: POSTER_TEXT_WIDTH, maxLines: POSTER_MAX_LINES });
  const lineHeight = Math.round(fontSize * 1.15);
  const lastLineY = HEIGHT - 58;
  const firstLineY = lastLineY - (lines.length - 1) * lineHeight;
  const nameLines = lines
    .map((line, index) => `<text x="24" y="${firstLineY + index * lineHeight}" font-size="${fontSize}" font-weight="800" fill="#ffffff">${escapeXml(line)}</text>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(title.name)}">`,
    '<defs>',
    backgroundGradient(art),
    '<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.35" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.75"/></linearGradient>',
    '</defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`,
    motifShapes(art, WIDTH, HEIGHT),
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#shade)"/>`,
    `<g font-family="${DRAWN_FONT}">`,
    '<rect x="20" y="20" width="72" height="26" rx="13" fill="#000000" fill-opacity="0.4"/>',
    `<text x="56" y="38" font-size="14" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(TITLE_KIND_LABELS[title.kind])}</text>`,
    `<text x="${WIDTH - 24}" y="38" font-size="16" font-weight="700" fill="#ffffff" fill-opacity="0.9" text-anchor="end">${title.year}</text>`,
    nameLines,
    `<rect x="24" y="${HEIGHT - 40}" width="28" height="3" rx="1.5" fill="hsl(${art.hue}, 95%, 68%)"/>`,
    `<text x="${WIDTH - 24}" y="${HEIGHT - 30}" font-size="13" font-weight="600" fill="#ffffff" fill-opacity="0.65" text-anchor="end">Seyirlik</text>`,
    '</g>',
    '</svg>',
  ].join('');
}
