import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { pollPostIdSchema, pollVoteBodySchema, type PollView, type PollVoteReply } from '@seyirlik/shared-contracts';
import { CurrentViewer, MemberGuard, OptionalViewer, type Viewer } from '../../accounts';
import { parseInput } from '../../platform/http/app-exception';
import { PollsService } from './polls.service';

/** The polls' JSON API: a post's poll is open to visitors, a vote needs a member (401). */
@Controller('api/flow/posts')
export class PollsController {
  constructor(private readonly polls: PollsService) {}

  @Get(':id/poll')
  poll(@OptionalViewer() viewer: Viewer | null, @Param('id') id: string): Promise<PollView> {
    return this.polls.view(parseInput(pollPostIdSchema, id), viewer?.user.id ?? null);
  }

  /** The member's vote (a first one, or a change while the poll is open); answers the poll after it. */
  @Post(':id/poll/vote')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  vote(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown): Promise<PollVoteReply> {
    const postId = parseInput(pollPostIdSchema, id);
    return this.polls.vote(viewer.user.id, postId, parseInput(pollVoteBodySchema, body).optionId);
  }
}
