import { Controller, type OnModuleInit } from '@nestjs/common';
import { POLL_MESSAGES as M, legacyPollVoteSchema } from '@seyirlik/shared-contracts';
import { LegacyCallRegistry } from '../../platform/http/legacy-call.registry';
import { PollsService } from './polls.service';
import { renderPoll } from './theme/render-poll-theme';

/**
 * The seed's vote calls (§7): `/flow/set/poll/vote` on the public flow and `/set/poll/vote` in a
 * group, with `value` the option, `post_id` (or `poll_id`) the poll's post and `group_id`. Visitors
 * get the session flag. Answers `theme`, the poll's results after the vote (the form and its vote
 * button gone), and `message`.
 */
@Controller()
export class PollsLegacyController implements OnModuleInit {
  constructor(
    private readonly polls: PollsService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    for (const path of ['/flow/set/poll/vote', '/set/poll/vote']) {
      this.legacy.register({
        path,
        login: true,
        schema: legacyPollVoteSchema,
        handle: async ({ optionId, postId, groupId }, { viewer }) => {
          const poll = await this.polls.vote(viewer.user.id, postId, optionId, groupId);
          return { theme: renderPoll(poll, groupId), message: M.voted };
        },
      });
    }
  }
}
