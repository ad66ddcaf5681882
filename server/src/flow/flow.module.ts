import { Module, type OnModuleInit } from '@nestjs/common';
import { MediaModule } from '../media';
import { RoomAccessRegistry } from '../platform/realtime/room-access.registry';
import { FlowController } from './flow.controller';
import { FlowLegacyController } from './flow.legacy.controller';
import { FlowPhotos } from './flow-photos';
import { FlowRepository } from './flow.repository';
import { FlowService } from './flow.service';
import { FlowPostViews } from './flow-post-views';
import { PollsModule } from './polls';
import { ReactionsModule } from './reactions';

/** The social flow: members' posts with photos or a poll, live on the public `flow` channel. */
@Module({
  imports: [MediaModule, PollsModule, ReactionsModule],
  controllers: [FlowController, FlowLegacyController],
  providers: [FlowRepository, FlowPostViews, FlowService, FlowPhotos],
})
export class FlowModule implements OnModuleInit {
  constructor(private readonly roomAccess: RoomAccessRegistry) {}

  /** The public flow is read by everyone, visitors too. */
  onModuleInit(): void {
    this.roomAccess.register('flow', () => Promise.resolve(true));
  }
}
