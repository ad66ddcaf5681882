import { Module, type OnModuleInit } from '@nestjs/common';
import { MediaModule } from '../media';
import { RoomAccessRegistry } from '../platform/realtime/room-access.registry';
import { FlowController } from './flow.controller';
import { FlowLegacyController } from './flow.legacy.controller';
import { FlowPhotos } from './flow-photos';
import { FlowRepository } from './flow.repository';
import { FlowService } from './flow.service';
import { FlowPostViews } from './flow-post-views';
import { GroupContent, GroupsModule } from './groups';
import { GroupPostsController } from './group-posts.controller';
import { PollsModule } from './polls';
import { ReactionsModule } from './reactions';

/**
 * The social flow and groups' posts: members' posts with photos or a poll, live on the public
 * `flow` channel or their group's; groups themselves (pages, members) are the groups module's.
 */
@Module({
  imports: [MediaModule, GroupsModule, PollsModule, ReactionsModule],
  controllers: [FlowController, GroupPostsController, FlowLegacyController],
  providers: [FlowRepository, FlowPostViews, FlowService, FlowPhotos],
})
export class FlowModule implements OnModuleInit {
  constructor(
    private readonly roomAccess: RoomAccessRegistry,
    private readonly groupContent: GroupContent,
    private readonly flow: FlowRepository,
  ) {}

  /** The public flow is read by everyone, visitors too; a deleted group's posts take their stored photos with them. */
  onModuleInit(): void {
    this.roomAccess.register('flow', () => Promise.resolve(true));
    this.groupContent.register((manager, groupId) => this.flow.deleteGroupFiles(manager, groupId));
  }
}
