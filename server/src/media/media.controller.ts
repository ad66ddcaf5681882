import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { HttpReply } from '../platform/http/http-types';
import { Repository } from 'typeorm';
import { MediaFile } from './media-file.entity';

const FILE_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

@Controller('media')
export class MediaController {
  constructor(@InjectRepository(MediaFile) private readonly files: Repository<MediaFile>) {}

  /** Stored images never change (a new image gets a new id), so they are cached for a year. */
  @Get(':file')
  async serve(@Param('file') file: string, @Res() response: HttpReply): Promise<void> {
    const id = FILE_PATTERN.exec(file)?.[1];
    const media = id ? await this.files.findOne({ where: { id } }) : null;
    if (!media) throw new NotFoundException();
    await response
      .code(200)
      .header('Content-Type', media.contentType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(media.bytes);
  }
}
