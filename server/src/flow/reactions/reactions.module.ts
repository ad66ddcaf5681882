import { Module } from '@nestjs/common';
import { GroupsModule } from '../groups';
import { ReactionsController } from './reactions.controller';
import { ReactionsLegacyController } from './reactions.legacy.controller';
import { ReactionsPort } from './reactions.port';
import { ReactionsRepository } from './reactions.repository';
import { ReactionsService } from './reactions.service';

/**
 * Reactions on flow and group posts (JSON and the `/set/action` flow branch), live coalesced counts
 * on `post:{id}` (this module registers that channel's access check), and the port the flow uses.
 */
@Module({
  imports: [GroupsModule],
  controllers: [ReactionsController, ReactionsLegacyController],
  providers: [ReactionsService, ReactionsRepository, ReactionsPort],
  exports: [ReactionsPort, ReactionsService],
})
export class ReactionsModule {}
