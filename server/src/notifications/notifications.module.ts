import { Module, type OnModuleInit } from '@nestjs/common';
import { rooms } from '@seyirlik/shared-contracts';
import { MessagesModule } from '../messages';
import { StreamHeads } from '../platform/realtime/stream-heads';
import { NotificationSources } from './notification-sources';
import { NotificationsController } from './notifications.controller';
import { NotificationsLegacyController } from './notifications.legacy.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/**
 * A member's notifications: made from other features' domain events (NotificationSources) and the
 * new-episode fan-out, numbered in the member's stream and delivered on the member's `user:` channel.
 */
@Module({
  imports: [MessagesModule],
  controllers: [NotificationsController, NotificationsLegacyController],
  providers: [NotificationsRepository, NotificationsService, NotificationSources],
  exports: [NotificationsService],
})
export class NotificationsModule implements OnModuleInit {
  constructor(
    private readonly sources: NotificationSources,
    private readonly streamHeads: StreamHeads,
  ) {}

  onModuleInit(): void {
    this.sources.subscribe();
    // A member's notification stream is delivered on the member's own channel.
    this.streamHeads.register('notifications', (userId) => [rooms.user(userId)]);
  }
}
