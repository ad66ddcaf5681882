import { Module } from '@nestjs/common';
import { EngagementLegacyController } from './engagement.legacy.controller';
import { EngagementRepository } from './engagement.repository';
import { EngagementService } from './engagement.service';

/** A member's lists, episode claps and video-source reports: the seed's `getList`, `addClap` and `actionData`. */
@Module({
  controllers: [EngagementLegacyController],
  providers: [EngagementRepository, EngagementService],
})
export class EngagementModule {}
