import sharp from 'sharp';

/** A real PNG of the given size, with EXIF metadata, for avatar uploads. */
export function buildPng(width = 600, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .png()
    .withExif({ IFD0: { Copyright: 'Seyirlik test', Artist: 'Ayşe' } })
    .toBuffer();
}

/** A real JPEG cut in half: its header reads fine, its scan data ends early. */
export async function buildTruncatedJpeg(width = 1200, height = 900): Promise<Buffer> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#2c3e50', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg()
    .toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}
