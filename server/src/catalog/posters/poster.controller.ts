import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { CATALOG_RULES } from '@seyirlik/shared-contracts';
import type { HttpReply } from '../../platform/http/http-types';
import { PosterService } from './poster.service';

/** The slug of a `{slug}.svg` file name, or null for any other name. */
function slugOf(file: string): string | null {
  const slug = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : '';
  return CATALOG_RULES.slugPattern.test(slug) ? slug : null;
}

/**
 * Cached for a day, not for ever: a re-import may rename the title. The CSP keeps an SVG opened
 * on its own from running anything, should a name ever slip through as markup.
 */
function sendDrawing(response: HttpReply, svg: string | null): void {
  if (!svg) throw new NotFoundException();
  void response
    .code(200)
    .header('Content-Type', 'image/svg+xml; charset=utf-8')
    .header('Cache-Control', 'public, max-age=86400')
    .header('Content-Security-Policy', "default-src 'none'")
    .header('X-Content-Type-Options', 'nosniff')
    .send(svg);
}

/** The posters and backdrops the site draws for titles without their own. */
@Controller('media')
export class PosterController {
  constructor(private readonly posters: PosterService) {}

  @Get('posters/:file')
  async poster(@Param('file') file: string, @Res() response: HttpReply): Promise<void> {
    const slug = slugOf(file);
    sendDrawing(response, slug ? await this.posters.svgFor(slug) : null);
  }

  @Get('backdrops/:file')
  async backdrop(@Param('file') file: string, @Res() response: HttpReply): Promise<void> {
    const slug = slugOf(file);
    sendDrawing(response, slug ? await this.posters.backdropSvgFor(slug) : null);
  }
}
