import type { FlowPage, FlowPost, ReactionSummary } from '@seyirlik/shared-contracts';
import { buildSessionUser } from './builders';

export const noReactions: ReactionSummary = { counts: { like: 0, love: 0, haha: 0, wow: 0, sad: 0, angry: 0 }, total: 0, mine: null, version: 0 };

/** A text post of the public flow by member 90+id, not the viewer's. */
export function buildFlowPost(id: number, body: string, overrides: Partial<FlowPost> = {}): FlowPost {
  return {
    id,
    author: buildSessionUser({ id: 90 + id, username: `uye${id}`, profileName: `Üye ${id}` }),
    body,
    createdAt: '2026-11-24T10:00:00.000Z',
    editedAt: null,
    kind: 'post',
    group: null,
    images: [],
    mine: false,
    poll: null,
    reactions: noReactions,
    ...overrides,
  };
}

export const buildFlowPage = (posts: FlowPost[], page: number, hasMore: boolean): FlowPage => ({ posts, page, hasMore });
