import { Module, type OnModuleInit } from '@nestjs/common';
import { MediaModule } from '../media';
import { RoomAccessRegistry } from '../platform/realtime/room-access.registry';
import { FlowController } from './flow.controller';
import { FlowLegacyController } from './flow.legacy.controller';
import { FlowPhotos } from './flow-photos';
import { FlowRepository } from './flow.repository';
import { FlowService } from './flow.service';
import { FlowPostViews } from './flow-post-views';
import { GroupAccess, GroupContent, GroupsModule, readsPosts } from './groups';
import { PollsPort } from './polls';
import { ReportTargets, ReportsModule } from '../reports';
import { GroupPostsController } from './group-posts.controller';
import { PollsModule } from './polls';
import { ReactionsModule } from './reactions';

/**
 * The social flow and groups' posts: members' posts with photos or a poll, live on the public
 * `flow` channel or their group's; groups themselves (pages, members) are the groups module's.
 */
@Module({
  imports: [MediaModule, GroupsModule, PollsModule, ReactionsModule, ReportsModule],
  controllers: [FlowController, GroupPostsController, FlowLegacyController],
  providers: [FlowRepository, FlowPostViews, FlowService, FlowPhotos],
  exports: [FlowService, GroupsModule, PollsModule, ReactionsModule],
})
export class FlowModule implements OnModuleInit {
  constructor(
    private readonly roomAccess: RoomAccessRegistry,
    private readonly groupContent: GroupContent,
    private readonly flow: FlowRepository,
    private readonly reportTargets: ReportTargets,
    private readonly groupAccess: GroupAccess,
    private readonly polls: PollsPort,
  ) {}

  /** The public flow is read by everyone, visitors too; a deleted group's posts take their stored photos with them. */
  onModuleInit(): void {
    this.roomAccess.register('flow', () => Promise.resolve(true));
    this.groupContent.register((manager, groupId) => this.flow.deleteGroupFiles(manager, groupId));
    // A post is reported by whoever may read it: a group's post only by its readers.
    this.reportTargets.register('post', async (reporterId, postId) => {
      const post = await this.flow.postById(postId);
      if (!post || (post.groupId !== null && !readsPosts(await this.groupAccess.role(reporterId, post.groupId)))) return null;
      const question = post.kind === 'poll' ? (await this.polls.viewsFor([postId], null)).get(String(postId))?.question : undefined;
      return { authorId: post.author.id, text: question ?? post.body };
    });
  }
}
