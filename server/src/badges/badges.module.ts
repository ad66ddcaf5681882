import { Module, type OnModuleInit } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { BadgeSources } from './badge-sources';
import { BadgesController } from './badges.controller';
import { BadgesLegacyController } from './badges.legacy.controller';
import { BadgesRepository } from './badges.repository';
import { BadgesService } from './badges.service';

/** Members' badges: awarded from other features' domain events (BadgeSources), told as notifications, listed on profiles. */
@Module({
  imports: [NotificationsModule],
  controllers: [BadgesController, BadgesLegacyController],
  providers: [BadgesRepository, BadgesService, BadgeSources],
})
export class BadgesModule implements OnModuleInit {
  constructor(private readonly sources: BadgeSources) {}

  onModuleInit(): void {
    this.sources.subscribe();
  }
}
