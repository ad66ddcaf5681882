import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import type { HttpReply } from '../../platform/http/http-types';
import { DEMO_MEDIA_DIR } from '../catalog.paths';
import { renderEmbedPage } from './watch-themes';

const CLIP_NAME = /^[a-z0-9][a-z0-9-]*$/;

/** The demo catalog's embed sources (/embed/demo/{clip}): a page holding one sample clip. */
@Controller('embed/demo')
export class EmbedController {
  @Get(':clip')
  page(@Param('clip') clip: string, @Res() response: HttpReply): void {
    if (!CLIP_NAME.test(clip) || !existsSync(join(DEMO_MEDIA_DIR, `${clip}.mp4`))) throw new NotFoundException();
    response.header('Content-Type', 'text/html; charset=utf-8');
    // Framed by the site's own watch page only.
    response.header('Content-Security-Policy', "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'");
    response.header('X-Content-Type-Options', 'nosniff');
    void response.send(renderEmbedPage(clip, `/media/demo/${clip}.mp4`));
  }
}
