import { createHash } from 'node:crypto';
import { TITLE_KIND_LABELS, type TitleKind } from '@seyirlik/shared-contracts';

export interface PosterTitle {
  slug: string;
  name: string;
  kind: TitleKind;
  year: number;
}

const WIDTH = 300;
const HEIGHT = 450;
const LINE_CHARACTERS = 13;
const MAX_LINES = 5;

/** Characters XML 1.0 does not allow at all; escaping cannot save them, so they are dropped. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as an SVG text node or attribute value: the name is data, never markup. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Words into lines of about LINE_CHARACTERS (a longer word is cut), an ellipsis past MAX_LINES. */
function wrap(name: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of name.split(/\s+/).filter(Boolean)) {
    let rest = Array.from(word);
    if (line && Array.from(line).length + 1 + rest.length > LINE_CHARACTERS) {
      lines.push(line);
      line = '';
    }
    while (rest.length > LINE_CHARACTERS) {
      if (line) lines.push(line);
      lines.push(rest.slice(0, LINE_CHARACTERS).join(''));
      line = '';
      rest = rest.slice(LINE_CHARACTERS);
    }
    line = line ? `${line} ${rest.join('')}` : rest.join('');
  }
  if (line) lines.push(line);
  if (lines.length <= MAX_LINES) return lines;
  return [...lines.slice(0, MAX_LINES - 1), `${Array.from(lines[MAX_LINES - 1]!).slice(0, LINE_CHARACTERS - 1).join('')}…`];
}

/**
 * The poster the site draws for a title without one: a gradient whose colours come from the
 * slug's hash (the same title always looks the same), the name wrapped, the kind and the year.
 */
export function drawPoster(title: PosterTitle): string {
  const hash = createHash('sha256').update(title.slug).digest();
  const hue = hash.readUInt16BE(0) % 360;
  const secondHue = (hue + 40 + (hash[2]! % 100)) % 360;
  const circleX = 40 + (hash[3]! % 220);
  const circleY = 60 + (hash[4]! % 200);
  const circleR = 70 + (hash[5]! % 90);
  const lines = wrap(title.name);
  const fontSize = lines.length > 3 ? 28 : 34;
  const lineHeight = Math.round(fontSize * 1.2);
  const firstLineY = HEIGHT - 60 - (lines.length - 1) * lineHeight;
  const nameLines = lines
    .map((line, index) => `<text x="24" y="${firstLineY + index * lineHeight}" font-size="${fontSize}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(title.name)}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue}, 60%, 38%)"/><stop offset="1" stop-color="hsl(${secondHue}, 55%, 12%)"/></linearGradient>`,
    '<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.6"/></linearGradient>',
    '</defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`,
    `<circle cx="${circleX}" cy="${circleY}" r="${circleR}" fill="#ffffff" fill-opacity="0.08"/>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#shade)"/>`,
    '<g font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif">',
    '<rect x="20" y="20" width="72" height="26" rx="13" fill="#000000" fill-opacity="0.35"/>',
    `<text x="56" y="38" font-size="14" font-weight="600" fill="#ffffff" text-anchor="middle">${escapeXml(TITLE_KIND_LABELS[title.kind])}</text>`,
    `<text x="${WIDTH - 24}" y="38" font-size="16" font-weight="600" fill="#ffffff" fill-opacity="0.85" text-anchor="end">${title.year}</text>`,
    nameLines,
    `<text x="24" y="${HEIGHT - 24}" font-size="13" fill="#ffffff" fill-opacity="0.6">Seyirlik</text>`,
    '</g>',
    '</svg>',
  ].join('');
}
