import { HttpStatus, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  POLL_MESSAGES as M,
  createPollInputSchema,
  flowPostLink,
  type PollView,
} from '@seyirlik/shared-contracts';
import type { EntityManager } from 'typeorm';
import { AppException, parseInput } from '../../platform/http/app-exception';
import { CoalescedCounts } from '../../platform/realtime/coalesced-counts';
import { GroupAccess, readRefusal } from '../groups';
import { OutboxRelay } from '../../platform/outbox/outbox-relay';
import { POST_COUNTS_GROUP } from '../reactions';
import { PollsRepository, type VoteAttempt } from './polls.repository';

/** A new poll as the flow hands it over. */
export interface NewPoll {
  question: string;
  answers: string[];
  closesAt?: Date | null;
}

const notFound = () => new AppException(HttpStatus.NOT_FOUND, M.pollNotFound);

/** Why a vote did not go through, in Turkish; a group's poll is voted on by those who may read the group's posts. */
function voteRefusal(attempt: Exclude<VoteAttempt, { outcome: 'done' }>): AppException {
  switch (attempt.outcome) {
    case 'not-found':
      return notFound();
    case 'refused':
      return readRefusal(attempt.groupRole ?? 'missing', M.pollNotFound);
    case 'closed':
      return new AppException(HttpStatus.CONFLICT, M.pollClosed);
    case 'option':
      return new AppException(HttpStatus.BAD_REQUEST, M.optionNotInPoll);
  }
}

/**
 * Polls of flow and group posts: made with their post, one vote per member (changeable until the
 * poll closes), counts kept exact in the database and pushed live, coalesced, to the post's channel
 * (the reactions deliver them there with the post's other counts).
 */
@Injectable()
export class PollsService implements OnModuleInit {
  constructor(
    private readonly polls: PollsRepository,
    private readonly counts: CoalescedCounts,
    private readonly access: GroupAccess,
    private readonly relay: OutboxRelay,
  ) {}

  onModuleInit(): void {
    this.counts.register(POST_COUNTS_GROUP, 'poll', (postIds) => this.polls.results(postIds));
  }

  /** Validates and stores the post's poll in the caller's transaction (the post's insert); bad input throws the Turkish reason. */
  async createIn(manager: EntityManager, postId: string | number, input: NewPoll): Promise<void> {
    const poll = parseInput(createPollInputSchema, { question: input.question, answers: input.answers, closesAt: input.closesAt ?? null });
    await this.polls.insert(manager, postId, poll);
  }

  /** The polls of a page of posts as `viewerId` sees them, by post id; posts without a poll are left out. */
  viewsFor(postIds: ReadonlyArray<string | number>, viewerId: number | null): Promise<Map<string, PollView>> {
    return this.polls.views(postIds, viewerId);
  }

  /** One post's poll as `viewerId` sees it, when they may read the post. */
  async view(postId: number, viewerId: number | null): Promise<PollView> {
    await this.access.assertReadsPost(viewerId, postId, M.pollNotFound);
    return this.viewOf(postId, viewerId);
  }

  private async viewOf(postId: number, viewerId: number | null): Promise<PollView> {
    const poll = (await this.polls.views([postId], viewerId)).get(String(postId));
    if (!poll) throw notFound();
    return poll;
  }

  /**
   * The member's vote for `optionId` of the post's poll: a first vote, or a changed one while the
   * poll is open. The option must be one of this poll's; `groupId`, when the call names one, must
   * be the post's group. Under the poll's row lock, the vote and the counts in one statement; the
   * author is told of a first vote (a durable event), and the counts go out after commit.
   */
  async vote(userId: number, postId: number, optionId: number, groupId: number | null = null): Promise<PollView> {
    const attempt = await this.polls.castVote(postId, userId, optionId, groupId, flowPostLink(postId));
    if (attempt.outcome !== 'done') throw voteRefusal(attempt);
    if (attempt.previousOptionId === null) this.relay.wakeSoon();
    this.counts.changed(POST_COUNTS_GROUP, String(postId));
    return this.viewOf(postId, userId);
  }
}
