import { rooms, type FlowPost, type RoomName } from '@seyirlik/shared-contracts';

/**
 * Which posts a flow list shows: the public flow (all of it, or the viewer's own posts) or one
 * group's posts. The scope decides the list's and the composer's endpoints and the live channel.
 */
export type FlowScope = { kind: 'public'; mine: boolean } | { kind: 'group'; groupId: number };

export const publicFlow = (mine: boolean): FlowScope => ({ kind: 'public', mine });
export const groupFlow = (groupId: number): FlowScope => ({ kind: 'group', groupId });

/** The scope's part of its query keys. */
export const scopeKey = (scope: FlowScope) => (scope.kind === 'public' ? ([scope.mine ? 'mine' : 'all'] as const) : (['group', scope.groupId] as const));

/** Where a page of the scope's posts is read. */
export const scopePagePath = (scope: FlowScope, page: number): string =>
  scope.kind === 'public' ? `/api/flow?page=${page}${scope.mine ? '&me=1' : ''}` : `/api/groups/${scope.groupId}/posts?page=${page}`;

/** Where a new post of the scope is sent. */
export const scopePostPath = (scope: FlowScope): string => (scope.kind === 'public' ? '/api/flow/posts' : `/api/groups/${scope.groupId}/posts`);

/** The channel that pushes the scope's new, changed and deleted posts. */
export const scopeChannel = (scope: FlowScope): RoomName => (scope.kind === 'public' ? rooms.flow : rooms.group(scope.groupId));

/** Whether a pushed post is one this scope lists (`mine` lists the viewer's own only). */
export function scopeHolds(scope: FlowScope, post: FlowPost, userId: number | null): boolean {
  if (scope.kind === 'group') return post.group?.id === scope.groupId;
  return !post.group && (!scope.mine || post.author.id === userId);
}
