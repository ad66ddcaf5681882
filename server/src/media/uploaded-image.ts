import { HttpStatus } from '@nestjs/common';
import sharp from 'sharp';
import { AppException } from '../platform/http/app-exception';

/** The image types an upload may be, as sharp names them. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** A full decode of an accepted upload takes well under this; a slower one is refused as too big. */
const DECODE_TIMEOUT_SECONDS = 5;

/** The Turkish answers to an upload that is not an acceptable image, in the words of the feature that takes it. */
export interface ImageRefusals {
  notImage: string;
  unreadable: string;
  tooManyPixels: string;
}

/**
 * How an uploaded image is decoded: the request's check and the job's re-encode must use the same
 * options, so they agree on what is readable. Only the first frame of an animation is read.
 */
export const imageDecodeOptions = (maxInputPixels: number) => ({ limitInputPixels: maxInputPixels, failOn: 'error', animated: false }) as const;

function refusal(error: unknown, otherwise: string, refusals: ImageRefusals): AppException {
  const tooBig = /pixel limit|timeout/i.test((error as Error).message);
  return new AppException(HttpStatus.BAD_REQUEST, tooBig ? refusals.tooManyPixels : otherwise);
}

/**
 * Reads the type from the bytes themselves (never the file name or the declared type), then
 * decodes the whole image, so a truncated or corrupt body behind a valid header is refused here
 * rather than failing in the job. Shrink-on-load (to `checkSizePx`) keeps the decode cheap for
 * JPEG and WebP.
 */
export async function checkUploadedImage(bytes: Buffer, limits: { maxInputPixels: number; checkSizePx: number }, refusals: ImageRefusals): Promise<void> {
  const options = imageDecodeOptions(limits.maxInputPixels);
  let format: string | undefined;
  try {
    ({ format } = await sharp(bytes, options).metadata());
  } catch (error) {
    throw refusal(error, refusals.notImage, refusals);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppException(HttpStatus.BAD_REQUEST, refusals.notImage);
  try {
    await sharp(bytes, options)
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .resize(limits.checkSizePx, limits.checkSizePx, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch (error) {
    throw refusal(error, refusals.unreadable, refusals);
  }
}
