import sharp from 'sharp';

/** A real PNG of the given size, with EXIF metadata, for avatar uploads. */
export function buildPng(width = 600, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .png()
    .withExif({ IFD0: { Copyright: 'Seyirlik test', Artist: 'Ayşe' } })
    .toBuffer();
}
