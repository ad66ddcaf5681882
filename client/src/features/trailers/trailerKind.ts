import type { SourceKind } from '@seyirlik/shared-contracts';

const VIDEO_FILE = /\.(mp4|m4v|webm|ogv|ogg|mov)$/;

/**
 * How a trailer plays, read from its address (the catalog stores only the link): an HLS playlist,
 * a video file, or anything else as an embed page in a frame (a video platform's player).
 */
export function trailerKind(url: string): SourceKind {
  const path = (url.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  if (path.endsWith('.m3u8')) return 'hls';
  return VIDEO_FILE.test(path) ? 'mp4' : 'embed';
}
