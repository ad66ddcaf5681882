import { Controller, Get, HttpStatus, Param } from '@nestjs/common';
import { WATCH_MESSAGES, sourceIdSchema, watchParamsSchema, type SourceStream, type WatchData } from '@seyirlik/shared-contracts';
import type { z } from 'zod';
import { OptionalViewer, type Viewer } from '../../accounts';
import { AppException } from '../../platform/http/app-exception';
import { WatchService } from './watch.service';

/** An address that names nothing readable is not found, rather than bad input. */
function parsePath<S extends z.ZodType>(schema: S, input: unknown, message: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppException(HttpStatus.NOT_FOUND, message);
  return result.data;
}

/** The watch page's JSON API, for our client. */
@Controller('api')
export class WatchController {
  constructor(private readonly watch: WatchService) {}

  @Get('watch/:kind/:slug/:season/:episode')
  page(@Param('kind') kind: string, @Param('slug') slug: string, @Param('season') season: string, @Param('episode') episode: string): Promise<WatchData> {
    const numbers = parsePath(watchParamsSchema, { season, episode }, WATCH_MESSAGES.episodeNotFound);
    return this.watch.watchData(kind, slug, numbers.season, numbers.episode);
  }

  /** A locked source's link goes to members only: a visitor gets 401. */
  @Get('sources/:id/stream')
  async stream(@Param('id') id: string, @OptionalViewer() viewer: Viewer | null): Promise<SourceStream> {
    const { kind, link, downloadUrl } = await this.watch.stream(parsePath(sourceIdSchema, id, WATCH_MESSAGES.sourceNotFound), viewer);
    return { kind, link, downloadUrl };
  }
}
