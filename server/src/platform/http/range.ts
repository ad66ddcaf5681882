import type { Response } from 'express';

/**
 * When serving a file failed because the request's `Range` lies past its end (`send` reports 416
 * with the file's `Content-Range: bytes *\/size`), answers 416 with that header and says so.
 */
export function answerUnsatisfiableRange(error: unknown, response: Response): boolean {
  const failure = error as { status?: number; statusCode?: number; headers?: Record<string, string> };
  if ((failure.status ?? failure.statusCode) !== 416) return false;
  const contentRange = failure.headers?.['Content-Range'];
  if (contentRange) response.setHeader('Content-Range', contentRange);
  response.status(416).end();
  return true;
}
