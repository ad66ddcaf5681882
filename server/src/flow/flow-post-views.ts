import { Injectable } from '@nestjs/common';
import { REACTION_KINDS, type FlowPost, type ReactionSummary } from '@seyirlik/shared-contracts';
import { PollsPort } from './polls';
import { ReactionsPort } from './reactions';
import { toFlowPost } from './flow-post';
import type { FlowPostRecord } from './flow.repository';

/** A post no one reacted to (the reactions answer one for every existing post; this covers one deleted meanwhile). */
const NO_REACTIONS: ReactionSummary = { counts: Object.fromEntries(REACTION_KINDS.map((kind) => [kind, 0])) as ReactionSummary['counts'], total: 0, mine: null, version: 0 };

/** Posts as a viewer sees them: the flow's own fields with their polls and reactions, one query each per page. */
@Injectable()
export class FlowPostViews {
  constructor(
    private readonly polls: PollsPort,
    private readonly reactions: ReactionsPort,
  ) {}

  async of(records: FlowPostRecord[], viewerId: number | null): Promise<FlowPost[]> {
    const ids = records.map((record) => record.id);
    const pollIds = records.filter((record) => record.kind === 'poll').map((record) => record.id);
    const [polls, reactions] = await Promise.all([
      pollIds.length > 0 ? this.polls.viewsFor(pollIds, viewerId) : Promise.resolve(new Map()),
      ids.length > 0 ? this.reactions.summariesFor(ids, viewerId) : Promise.resolve(new Map<string, ReactionSummary>()),
    ]);
    return records.map((record) =>
      toFlowPost(record, viewerId, { poll: polls.get(String(record.id)) ?? null, reactions: reactions.get(String(record.id)) ?? NO_REACTIONS }),
    );
  }

  async one(record: FlowPostRecord, viewerId: number | null): Promise<FlowPost> {
    return (await this.of([record], viewerId))[0]!;
  }
}
