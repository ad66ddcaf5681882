import type { FlowPost, PollView, ReactionSummary } from '@seyirlik/shared-contracts';
import type { FlowPostRecord } from './flow.repository';

/** What the polls and reactions add to a post, as one viewer sees it. */
export interface PostDecorations {
  poll: PollView | null;
  reactions: ReactionSummary;
}

/** A post as `viewerId` sees it (null: a visitor, or a push to everyone, where `mine` is false). */
export function toFlowPost(record: FlowPostRecord, viewerId: number | null, decorations: PostDecorations): FlowPost {
  return {
    id: record.id,
    author: record.author,
    body: record.body,
    createdAt: record.createdAt.toISOString(),
    editedAt: record.editedAt ? record.editedAt.toISOString() : null,
    kind: record.kind,
    group: record.group,
    images: record.images,
    mine: viewerId !== null && record.author.id === viewerId,
    ...decorations,
  };
}
