import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import type { HttpReply } from '../../platform/http/http-types';
import { DEMO_MEDIA_DIR } from '../catalog.paths';

/** Types set here rather than guessed from the extension: `.ts` is also TypeScript to some tables. */
const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
};

/** A bare file name of the folder: no path separators, no dot files. */
const DEMO_FILE = /^[a-z0-9][a-z0-9-]*\.(mp4|m3u8|ts|jpg)$/;

@Controller('media/demo')
export class DemoMediaController {
  /**
   * The demo's sample clips, as files: byte ranges (seeking in an MP4; a range past the end is
   * 416 with the file's size), ETag and Last-Modified come with sendFile; a month's cache, since a
   * remake of the clips keeps their names.
   */
  @Get(':file')
  async serve(@Param('file') file: string, @Res() response: HttpReply): Promise<void> {
    const extension = DEMO_FILE.exec(file)?.[1];
    if (!extension || !existsSync(join(DEMO_MEDIA_DIR, file))) throw new NotFoundException();
    await response
      .header('Content-Type', CONTENT_TYPES[extension]!)
      .header('X-Content-Type-Options', 'nosniff')
      .sendFile(file, DEMO_MEDIA_DIR, { maxAge: '30d', immutable: false, dotfiles: 'deny', contentType: false });
  }
}
