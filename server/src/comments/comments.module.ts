import { Module, type OnModuleInit } from '@nestjs/common';
import { RoomAccessRegistry } from '../platform/realtime/room-access.registry';
import { CommentsController } from './comments.controller';
import { CommentsLegacyController } from './comments.legacy.controller';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';
import { TimedCommentsController } from './timed-comments.controller';
import { TimedCommentsRepository } from './timed-comments.repository';

/**
 * Comments, replies, likes and reports on titles and episodes, and timed comments pinned to an
 * episode's seconds. Owns the `content:` rooms: `content:title-{id}`, `content:episode-{id}` and
 * `content:timeline-{id}`, open to everyone who may read the page.
 */
@Module({
  controllers: [CommentsController, CommentsLegacyController, TimedCommentsController],
  providers: [CommentsService, CommentsRepository, TimedCommentsRepository],
  exports: [CommentsService],
})
export class CommentsModule implements OnModuleInit {
  constructor(
    private readonly roomAccess: RoomAccessRegistry,
    private readonly comments: CommentsService,
  ) {}

  onModuleInit(): void {
    this.roomAccess.register('content', (_userId, key) => this.comments.roomExists(key));
  }
}
