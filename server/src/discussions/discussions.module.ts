import { Module, type OnModuleInit } from '@nestjs/common';
import { ReportTargets, ReportsModule } from '../reports';
import { DiscussionsController } from './discussions.controller';
import { DiscussionsLegacyController } from './discussions.legacy.controller';
import { DiscussionsRepository } from './discussions.repository';
import { DiscussionsService } from './discussions.service';

/**
 * The forum: topics in categories or about catalog titles. Their replies, likes, reports and live
 * updates are the comments feature's (legacy target type 5, channel `content:discussion-{id}`).
 */
@Module({
  imports: [ReportsModule],
  controllers: [DiscussionsController, DiscussionsLegacyController],
  providers: [DiscussionsService, DiscussionsRepository],
  exports: [DiscussionsService],
})
export class DiscussionsModule implements OnModuleInit {
  constructor(
    private readonly reportTargets: ReportTargets,
    private readonly discussions: DiscussionsRepository,
  ) {}

  /** A topic is reported with a copy of its title and text. */
  onModuleInit(): void {
    this.reportTargets.register('discussion', async (_reporterId, id) => {
      const topic = await this.discussions.view(id, null);
      return topic ? { authorId: topic.author.id, text: `${topic.title}\n\n${topic.text}` } : null;
    });
  }
}
