import { Module } from '@nestjs/common';
import { SkipSegmentsController } from './skip-segments.controller';
import { SkipSegmentsRepository } from './skip-segments.repository';
import { SkipSegmentsService } from './skip-segments.service';

/**
 * Skip markings (intro, recap, credits) on video sources, confirmed or rejected by members. Its
 * pushes go to the episode's `content:` channel, whose access the comments feature checks.
 */
@Module({
  controllers: [SkipSegmentsController],
  providers: [SkipSegmentsRepository, SkipSegmentsService],
})
export class SkipSegmentsModule {}
