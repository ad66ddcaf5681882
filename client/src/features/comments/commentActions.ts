import type { CommentReportReason, CommentThread, CommentView } from '@seyirlik/shared-contracts';

/** What a comment's buttons do; each call reports its own failure (a toast, or the login modal) and then throws. */
export interface CommentActions {
  /** The member viewing, or null for a visitor. */
  viewerId: number | null;
  /**
   * On a title page, the episodes the member marked watched: a thread written on another episode
   * stays hidden until clicked, and every thread names its episode. Undefined on a watch page.
   */
  watchedEpisodeIds?: readonly number[];
  like: (comment: CommentView) => Promise<void>;
  /** `clientKey`: the send's idempotency key, the same for retries of one reply. */
  reply: (thread: CommentThread, text: string, spoiler: boolean, clientKey: string) => Promise<void>;
  remove: (comment: CommentView, hasReplies: boolean) => Promise<void>;
  report: (comment: CommentView, report: { reason: CommentReportReason; description: string }) => Promise<void>;
  /** A visitor's reply click: the login modal. */
  askLogin: () => void;
}
