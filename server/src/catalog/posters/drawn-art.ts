import { createHash } from 'node:crypto';

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

/** The font the drawn pictures ask for; the widths below are those of its widest fallback (DejaVu Sans Bold), rounded up. */
export const DRAWN_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif";

/** A character's width in em, at least what a bold sans font draws it. */
function characterWidthEm(character: string): number {
  if (character === ' ') return 0.38;
  if (/[iıjlI.,:;'!|]/.test(character)) return 0.4;
  if (/[ftr()-]/.test(character)) return 0.52;
  if (/[MWmwÆŒæœ@%]/.test(character)) return 1.08;
  if (/[0-9]/.test(character)) return 0.72;
  if (/\p{Lu}/u.test(character)) return 0.88;
  if (/[a-zçğöşüâîû]/.test(character)) return 0.74;
  // Letters of other scripts, symbols and emoji: a full em.
  return 1.05;
}

/** How wide `text` is drawn at `fontSize` pixels, never less than any of the fonts above draws it. */
export function textWidth(text: string, fontSize: number): number {
  return Array.from(text).reduce((width, character) => width + characterWidthEm(character), 0) * fontSize;
}

/** Cuts a word wider than `maxWidth` into pieces that fit. */
function cutWord(word: string, fontSize: number, maxWidth: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const character of Array.from(word)) {
    if (piece && textWidth(piece + character, fontSize) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += character;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Words into lines no wider than `maxWidth` at `fontSize`; a word wider than a line is cut when `cutWords`, otherwise the wrap fails (null). */
function wrap(text: string, fontSize: number, maxWidth: number, cutWords: boolean): string[] | null {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const pieces = cutWord(word, fontSize, maxWidth);
    if (pieces.length > 1 && !cutWords) return null;
    for (const piece of pieces) {
      const joined = line ? `${line} ${piece}` : piece;
      if (line && textWidth(joined, fontSize) > maxWidth) {
        lines.push(line);
        line = piece;
      } else {
        line = joined;
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface FittedText {
  lines: string[];
  fontSize: number;
}

/**
 * The largest font size from `sizes` (largest first) at which `text` wraps into at most
 * `maxLines` lines of `maxWidth` with every word whole; at the smallest, a word wider than a line
 * is cut and what does not fit ends with an ellipsis. Every line is within `maxWidth`, whatever
 * the name: drawn text never leaves its picture.
 */
export function fitText(text: string, { sizes, maxWidth, maxLines }: { sizes: readonly number[]; maxWidth: number; maxLines: number }): FittedText {
  for (const fontSize of sizes) {
    const lines = wrap(text, fontSize, maxWidth, false);
    if (lines && lines.length <= maxLines) return { lines, fontSize };
  }
  const fontSize = sizes.at(-1)!;
  const lines = wrap(text, fontSize, maxWidth, true)!;
  if (lines.length <= maxLines) return { lines, fontSize };
  const shown = lines.slice(0, maxLines);
  let last = Array.from(shown[maxLines - 1]!);
  while (last.length > 0 && textWidth(`${last.join('')}…`, fontSize) > maxWidth) last = last.slice(0, -1);
  shown[maxLines - 1] = `${last.join('').trimEnd()}…`;
  return { lines: shown, fontSize };
}

/** A title's colours and shapes, read from its slug's hash: the same title always looks the same. */
export interface Artwork {
  hue: number;
  secondHue: number;
  /** Which of the compositions the title gets. */
  motif: 'sun' | 'rings' | 'bands' | 'peaks';
  /** Numbers from 0 to 1 that place the motif. */
  spread: [number, number, number, number];
}

const MOTIFS: Artwork['motif'][] = ['sun', 'rings', 'bands', 'peaks'];

export function artworkOf(slug: string): Artwork {
  const hash = createHash('sha256').update(slug).digest();
  const hue = hash.readUInt16BE(0) % 360;
  return {
    hue,
    secondHue: (hue + 40 + (hash[2]! % 100)) % 360,
    motif: MOTIFS[hash[6]! % MOTIFS.length]!,
    spread: [hash[3]! / 255, hash[4]! / 255, hash[5]! / 255, hash[7]! / 255],
  };
}

/** The background gradient's definition (id `bg`). */
export function backgroundGradient({ hue, secondHue }: Artwork): string {
  return `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue}, 62%, 40%)"/><stop offset="0.55" stop-color="hsl(${(hue + secondHue) / 2}, 50%, 22%)"/><stop offset="1" stop-color="hsl(${secondHue}, 55%, 10%)"/></linearGradient>`;
}

/** The motif's shapes over a `width` × `height` picture, in light tints of the title's colours. */
export function motifShapes({ motif, spread, hue, secondHue }: Artwork, width: number, height: number): string {
  const [a, b, c, d] = spread;
  const light = (opacity: number, h = hue) => `fill="hsl(${h}, 90%, 75%)" fill-opacity="${opacity}"`;
  const size = Math.min(width, height);
  switch (motif) {
    case 'sun': {
      const cx = width * (0.25 + a * 0.5);
      const cy = height * (0.25 + b * 0.25);
      const r = size * (0.22 + c * 0.12);
      const stripes = Array.from({ length: 5 }, (_, index) => {
        const y = cy + r * (0.2 + index * 0.17);
        return `<rect x="${cx - r}" y="${y.toFixed(1)}" width="${2 * r}" height="${(r * 0.05 * (index + 1)).toFixed(1)}" fill="hsl(${secondHue}, 55%, 14%)" fill-opacity="0.9"/>`;
      });
      return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" ${light(0.28, (hue + 30) % 360)}/>${stripes.join('')}`;
    }
    case 'rings': {
      const cx = width * (0.2 + a * 0.6);
      const cy = height * (0.2 + b * 0.35);
      return Array.from({ length: 6 }, (_, index) => {
        const r = size * (0.1 + index * (0.1 + c * 0.05));
        return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="none" stroke="hsl(${hue}, 90%, 78%)" stroke-opacity="${(0.26 - index * 0.035).toFixed(3)}" stroke-width="${(size * 0.012).toFixed(1)}"/>`;
      }).join('');
    }
    case 'bands': {
      const angle = -20 - d * 30;
      return `<g transform="rotate(${angle.toFixed(1)} ${width / 2} ${height / 2})">${Array.from({ length: 4 }, (_, index) => {
        const y = height * (0.1 + index * 0.22 + a * 0.05);
        return `<rect x="${-width}" y="${y.toFixed(1)}" width="${3 * width}" height="${(height * (0.05 + ((b + index * c) % 1) * 0.07)).toFixed(1)}" ${light(0.1 + index * 0.03, index % 2 ? secondHue : hue)}/>`;
      }).join('')}</g>`;
    }
    case 'peaks': {
      const ridge = (base: number, lift: number, phase: number) => {
        const points = Array.from({ length: 6 }, (_, index) => {
          const x = (width / 5) * index;
          const y = height * (base - (((index + phase * 5) % 2 === 0 ? 1 : 0.35) * lift));
          return `${x.toFixed(1)},${y.toFixed(1)}`;
        });
        return `0,${height} ${points.join(' ')} ${width},${height}`;
      };
      return [
        `<circle cx="${(width * (0.3 + a * 0.4)).toFixed(1)}" cy="${(height * 0.28).toFixed(1)}" r="${(size * 0.09).toFixed(1)}" ${light(0.35, (hue + 40) % 360)}/>`,
        `<polygon points="${ridge(0.62, 0.16 + b * 0.08, Math.round(c))}" fill="hsl(${hue}, 45%, 30%)" fill-opacity="0.75"/>`,
        `<polygon points="${ridge(0.78, 0.12 + d * 0.06, Math.round(1 - c))}" fill="hsl(${secondHue}, 50%, 14%)" fill-opacity="0.9"/>`,
      ].join('');
    }
  }
}
