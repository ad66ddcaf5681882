import { Injectable } from '@nestjs/common';
import type { PollView } from '@seyirlik/shared-contracts';
import type { EntityManager } from 'typeorm';
import { PollsService, type NewPoll } from './polls.service';

/** What the flow uses of polls: making a post's poll in the post's transaction, and reading a page's polls. */
@Injectable()
export class PollsPort {
  constructor(private readonly polls: PollsService) {}

  /** Validates (Turkish AppException on bad input) and stores the poll of `postId` in `manager`'s transaction. */
  createIn(manager: EntityManager, postId: string | number, input: NewPoll): Promise<void> {
    return this.polls.createIn(manager, postId, input);
  }

  /** The polls of these posts as `viewerId` (null: a visitor) sees them, keyed by post id as text; one query. */
  viewsFor(postIds: ReadonlyArray<string | number>, viewerId: number | null): Promise<Map<string, PollView>> {
    return this.polls.viewsFor(postIds, viewerId);
  }
}
