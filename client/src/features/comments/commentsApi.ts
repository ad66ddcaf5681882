import type {
  CommentLikeState,
  CommentOrder,
  CommentPage,
  CommentView,
  CreateCommentBody,
  MemberCommentPage,
  ReportCommentBody,
  TitleKind,
} from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

/** What a comments block is about: a title's page (its comments and its episodes'), an episode's watch page, or a forum topic (its replies). */
export type CommentTarget =
  | { kind: 'title'; titleKind: TitleKind; slug: string }
  | { kind: 'episode'; episodeId: number }
  | { kind: 'discussion'; discussionId: number };

const listPath = (target: CommentTarget) =>
  target.kind === 'title'
    ? `/api/titles/${target.titleKind}/${encodeURIComponent(target.slug)}/comments`
    : target.kind === 'episode'
      ? `/api/episodes/${target.episodeId}/comments`
      : `/api/discussions/${target.discussionId}/comments`;

/** A stable key of a target, for effects that reload when the page changes. */
export const targetKey = (target: CommentTarget) => listPath(target);

export function fetchComments(target: CommentTarget, order: CommentOrder, cursor: string | null = null): Promise<CommentPage> {
  const query = new URLSearchParams({ order, ...(cursor === null ? {} : { cursor }) });
  return api.get<CommentPage>(`${listPath(target)}?${query}`);
}

/** A comment, or a reply when `parentId` is set. */
export function postComment(target: CommentTarget, body: CreateCommentBody): Promise<CommentView> {
  return api.post<CommentView>(listPath(target), body);
}

/** Toggles the member's like; the answer says what the toggle did. */
export function toggleCommentLike(commentId: number): Promise<CommentLikeState> {
  return api.post<CommentLikeState>(`/api/comments/${commentId}/like`);
}

export function deleteComment(commentId: number): Promise<void> {
  return api.delete<void>(`/api/comments/${commentId}`);
}

export function reportComment(commentId: number, body: ReportCommentBody): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/api/comments/${commentId}/reports`, body);
}

export function fetchMemberComments(username: string, cursor: string | null = null): Promise<MemberCommentPage> {
  const query = cursor === null ? '' : `?${new URLSearchParams({ cursor })}`;
  return api.get<MemberCommentPage>(`/api/users/${encodeURIComponent(username)}/comments${query}`);
}
