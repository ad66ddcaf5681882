import { Module } from '@nestjs/common';
import { DiscussionsController } from './discussions.controller';
import { DiscussionsLegacyController } from './discussions.legacy.controller';
import { DiscussionsRepository } from './discussions.repository';
import { DiscussionsService } from './discussions.service';

/**
 * The forum: topics in categories or about catalog titles. Their replies, likes, reports and live
 * updates are the comments feature's (target type 4, channel `content:discussion-{id}`).
 */
@Module({
  controllers: [DiscussionsController, DiscussionsLegacyController],
  providers: [DiscussionsService, DiscussionsRepository],
})
export class DiscussionsModule {}
