import { Module, type OnModuleInit } from '@nestjs/common';
import { MediaModule } from '../../media';
import { RoomAccessRegistry } from '../../platform/realtime/room-access.registry';
import { GroupAccess, readsPosts } from './group-access';
import { GroupContent } from './group-content';
import { GroupImages } from './group-images';
import { GroupsController } from './groups.controller';
import { GroupsLegacyController } from './groups.legacy.controller';
import { GroupsRepository } from './groups.repository';
import { GroupsService } from './groups.service';

const GROUP_KEY = /^[1-9][0-9]{0,9}$/;

/**
 * Groups: their pages, members and images, and the access rule every feature of group posts
 * checks (GroupAccess). A group's channel `group:{id}` is open to whoever may read its posts.
 */
@Module({
  imports: [MediaModule],
  controllers: [GroupsController, GroupsLegacyController],
  providers: [GroupsRepository, GroupAccess, GroupContent, GroupImages, GroupsService],
  exports: [GroupAccess, GroupContent, GroupsService],
})
export class GroupsModule implements OnModuleInit {
  constructor(
    private readonly roomAccess: RoomAccessRegistry,
    private readonly access: GroupAccess,
  ) {}

  onModuleInit(): void {
    this.roomAccess.register('group', async (userId, key) => GROUP_KEY.test(key) && Number(key) <= 2_147_483_647 && readsPosts(await this.access.role(userId, Number(key))));
  }
}
