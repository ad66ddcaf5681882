import { Injectable } from '@nestjs/common';
import type { ReactionSummary } from '@seyirlik/shared-contracts';
import { ReactionsService } from './reactions.service';

/** What the flow uses of reactions: a page of posts' reactions. */
@Injectable()
export class ReactionsPort {
  constructor(private readonly reactions: ReactionsService) {}

  /** The reactions of these posts as `viewerId` (null: a visitor) sees them, keyed by post id as text; one query. */
  summariesFor(postIds: ReadonlyArray<string | number>, viewerId: number | null): Promise<Map<string, ReactionSummary>> {
    return this.reactions.summariesFor(postIds, viewerId);
  }
}
