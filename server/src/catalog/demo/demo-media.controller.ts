import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { answerUnsatisfiableRange } from '../../platform/http/range';
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
   * The demo's sample clips, as files: byte ranges (seeking in an MP4), ETag and Last-Modified
   * come with sendFile; a month's cache, since a remake of the clips keeps their names.
   */
  @Get(':file')
  serve(@Param('file') file: string, @Res() response: Response): void {
    const extension = DEMO_FILE.exec(file)?.[1];
    if (!extension || !existsSync(join(DEMO_MEDIA_DIR, file))) throw new NotFoundException();
    response.setHeader('Content-Type', CONTENT_TYPES[extension]!);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.sendFile(file, { root: DEMO_MEDIA_DIR, maxAge: '30d', dotfiles: 'deny' }, (error) => {
      if (!error || response.headersSent) return;
      // A range past the end is 416 with the file's size; otherwise the client went away mid-file,
      // or the file vanished after the check: nothing left to answer.
      if (!answerUnsatisfiableRange(error, response)) response.status(404).end();
    });
  }
}
