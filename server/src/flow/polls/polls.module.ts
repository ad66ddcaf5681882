import { Module } from '@nestjs/common';
import { GroupsModule } from '../groups';
import { PollsController } from './polls.controller';
import { PollsLegacyController } from './polls.legacy.controller';
import { PollsPort } from './polls.port';
import { PollsRepository } from './polls.repository';
import { PollsService } from './polls.service';

/** Polls of flow and group posts: votes (JSON and legacy), live coalesced results on `post:{id}`, and the port the flow uses. */
@Module({
  imports: [GroupsModule],
  controllers: [PollsController, PollsLegacyController],
  providers: [PollsService, PollsRepository, PollsPort],
  exports: [PollsPort, PollsService],
})
export class PollsModule {}
