import { createHash } from 'node:crypto';
import { ACCOUNT_RULES } from '@seyirlik/shared-contracts';
import sharp from 'sharp';

/** Up to two letters of the name, as Turkish capitalises them ("İlker Ay" is "İA"). */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0])
    .join('')
    .toLocaleUpperCase('tr-TR');
}

/**
 * A demo member's drawn avatar as a PNG: the initials of their name on a gradient in colours of
 * their user name's hash, a soft ring behind them. The site's avatar pipeline re-encodes it as it
 * does an upload.
 */
export async function drawDemoAvatar(member: { username: string; profileName: string }): Promise<Buffer> {
  const size = ACCOUNT_RULES.avatarSizePx;
  const hue = createHash('sha256').update(member.username).digest().readUInt16BE(0) % 360;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue}, 70%, 58%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360}, 65%, 34%)"/></linearGradient></defs>`,
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>`,
    `<circle cx="${size * 0.78}" cy="${size * 0.2}" r="${size * 0.32}" fill="#ffffff" fill-opacity="0.12"/>`,
    `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${size * 0.36}" font-weight="700" fill="#ffffff">${initialsOf(member.profileName)}</text>`,
    '</svg>',
  ].join('');
  return sharp(Buffer.from(svg)).png().toBuffer();
}
