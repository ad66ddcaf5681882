import { artworkOf, backgroundGradient, escapeXml, motifShapes } from './drawn-art';

export interface BackdropTitle {
  slug: string;
  name: string;
}

const WIDTH = 1280;
const HEIGHT = 720;

/**
 * The backdrop the site draws for a title without one: the poster's colours and motif at 16:9,
 * darker towards the left and the bottom, where the pages set the title's name and buttons over
 * it. It holds no text, so nothing of it can overflow or repeat what the page says.
 */
export function drawBackdrop(title: BackdropTitle): string {
  const art = artworkOf(title.slug);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(title.name)}">`,
    '<defs>',
    backgroundGradient(art),
    `<radialGradient id="glow" cx="0.72" cy="0.3" r="0.6"><stop offset="0" stop-color="hsl(${art.hue}, 95%, 70%)" stop-opacity="0.45"/><stop offset="1" stop-color="hsl(${art.hue}, 95%, 70%)" stop-opacity="0"/></radialGradient>`,
    '<linearGradient id="left" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0b0c12" stop-opacity="0.85"/><stop offset="0.6" stop-color="#0b0c12" stop-opacity="0"/></linearGradient>',
    '<linearGradient id="bottom" x1="0" y1="0" x2="0" y2="1"><stop offset="0.5" stop-color="#0b0c12" stop-opacity="0"/><stop offset="1" stop-color="#0b0c12" stop-opacity="0.9"/></linearGradient>',
    '</defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>`,
    motifShapes(art, WIDTH, HEIGHT),
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#left)"/>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bottom)"/>`,
    '</svg>',
  ].join('');
}
