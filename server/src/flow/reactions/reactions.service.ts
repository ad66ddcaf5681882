import { HttpStatus, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  POST_COUNTS_WINDOW_MS,
  REACTION_MESSAGES as M,
  flowPostLink,
  rooms,
  type PollResults,
  type ReactionCounts,
  type ReactionKind,
  type ReactionSummary,
} from '@seyirlik/shared-contracts';
import { AppException } from '../../platform/http/app-exception';
import { CoalescedCounts } from '../../platform/realtime/coalesced-counts';
import { RealtimeService } from '../../platform/realtime/realtime.service';
import { RoomAccessRegistry } from '../../platform/realtime/room-access.registry';
import { GroupAccess, readRefusal } from '../groups';
import { OutboxRelay } from '../../platform/outbox/outbox-relay';
import { POST_COUNTS_GROUP } from './post-counts';
import { ReactionsRepository } from './reactions.repository';

const POST_KEY = /^[1-9][0-9]{0,17}$/;

/**
 * Reactions on flow and group posts: one per member and post, changeable and removable, counts
 * kept exact in the database and pushed live, coalesced, to the post's channel `post:{id}`, which
 * this feature opens to every viewer of an existing post and on which it delivers the post's counts
 * (its reactions and, from the polls, its poll's results) as one `post.countsChanged` per window.
 */
@Injectable()
export class ReactionsService implements OnModuleInit {
  constructor(
    private readonly reactions: ReactionsRepository,
    private readonly counts: CoalescedCounts,
    private readonly realtime: RealtimeService,
    private readonly roomAccess: RoomAccessRegistry,
    private readonly access: GroupAccess,
    private readonly relay: OutboxRelay,
  ) {}

  onModuleInit(): void {
    // A group post's channel is for those who may read the group's posts.
    this.roomAccess.register('post', async (userId, key) => POST_KEY.test(key) && (await this.access.readsPost(userId, key)));
    this.counts.register(POST_COUNTS_GROUP, 'reactions', (postIds) => this.reactions.counts(postIds));
    this.counts.deliver(POST_COUNTS_GROUP, POST_COUNTS_WINDOW_MS, (postId, parts) =>
      this.realtime.toRoom(rooms.post(postId), 'post.countsChanged', {
        postId: Number(postId),
        poll: (parts.poll ?? null) as PollResults | null,
        reactions: (parts.reactions ?? null) as ReactionCounts | null,
      }),
    );
  }

  /** The reactions of a page of posts as `viewerId` sees them, by post id; one query. */
  summariesFor(postIds: ReadonlyArray<string | number>, viewerId: number | null): Promise<Map<string, ReactionSummary>> {
    return this.reactions.summaries(postIds, viewerId);
  }

  /** One post's reactions as `viewerId` sees them, when they may read the post. */
  async summary(postId: number, viewerId: number | null): Promise<ReactionSummary> {
    await this.access.assertReadsPost(viewerId, postId, M.postNotFound);
    return this.summaryOf(postId, viewerId);
  }

  private async summaryOf(postId: number, viewerId: number | null): Promise<ReactionSummary> {
    const summary = (await this.reactions.summaries([postId], viewerId)).get(String(postId));
    if (!summary) throw new AppException(HttpStatus.NOT_FOUND, M.postNotFound);
    return summary;
  }

  /**
   * Sets the member's reaction to `kind` (replacing another of theirs), or takes it back (`kind`
   * null). One call to the database takes the post's reaction lock, checks, writes the reaction
   * with the counts and, for a new reaction, the event that tells the author (durable); the counts
   * go out after.
   */
  async react(userId: number, postId: number, kind: ReactionKind | null): Promise<ReactionSummary> {
    const attempt = await this.reactions.react(postId, userId, kind, flowPostLink(postId));
    if (attempt.outcome !== 'done') {
      // A group's post is reacted to by those who may read the group's posts.
      throw attempt.outcome === 'refused' ? readRefusal(attempt.groupRole ?? 'missing', M.postNotFound) : new AppException(HttpStatus.NOT_FOUND, M.postNotFound);
    }
    if (attempt.previous === null && attempt.current !== null) this.relay.wakeSoon();
    const changed = attempt.previous !== attempt.current;
    if (changed) this.counts.changed(POST_COUNTS_GROUP, String(postId));
    return this.summaryOf(postId, userId);
  }
}
