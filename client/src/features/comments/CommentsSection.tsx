import { COMMENT_MESSAGES, COMMENT_ORDERS, type CommentOrder } from '@seyirlik/shared-contracts';
import { useEffect, useId, useMemo } from 'react';
import { TEXT } from '../../app/messages';
import { Loading } from '../../ui/Loading';
import { useLoginModal } from '../session/loginModal';
import { useSessionUser } from '../session/session';
import { useFailureToast } from '../session/useFailureToast';
import { useToast } from '../toast/toasts';
import type { CommentActions } from './commentActions';
import { CommentComposer } from './CommentComposer';
import type { CommentTarget } from './commentsApi';
import { CommentThreadItem } from './CommentThreadItem';
import { COMMENT_TEXT } from './texts';
import { useCommentThreads } from './useCommentThreads';
import './comments.css';

export { titlePageTarget, watchPageTarget } from './commentTargets';

/** Wraps a call so its failure is shown, then passed on (a composer keeps its text, a dialog stays open). */
const reportingFailures =
  (showFailure: (error: unknown) => void) =>
  <A extends unknown[]>(call: (...args: A) => Promise<unknown>) =>
  async (...args: A): Promise<void> => {
    try {
      await call(...args);
    } catch (error) {
      showFailure(error);
      throw error;
    }
  };

const ORDER_LABELS: Record<CommentOrder, string> = { newest: COMMENT_TEXT.orderNewest, liked: COMMENT_TEXT.orderLiked };

/**
 * The comments of a title page (`watchedEpisodeIds` given: its own and its episodes', each
 * episode's veiled until the member marked it watched) or of an episode's watch page, live.
 */
export function CommentsSection({ target, watchedEpisodeIds }: { target: CommentTarget; watchedEpisodeIds?: readonly number[] }) {
  const comments = useCommentThreads(target);
  const viewer = useSessionUser();
  const loginModal = useLoginModal();
  const toast = useToast();
  const showFailure = useFailureToast();
  const headingId = useId();
  const { state, write, like, remove, report } = comments;

  const actions = useMemo<CommentActions>(() => {
    const reported = reportingFailures(showFailure);
    return {
      viewerId: viewer?.id ?? null,
      watchedEpisodeIds,
      like: reported((comment) => like(comment.id)),
      reply: reported((thread, text, spoiler, clientKey) => write({ text, spoiler, parentId: thread.id, clientKey })),
      remove: reported(async (comment, hasReplies) => {
        await remove({ comment, hasReplies });
        toast.success(COMMENT_MESSAGES.commentDeleted);
      }),
      report: reported(async (comment, body) => {
        toast.success((await report({ commentId: comment.id, ...body })).message);
      }),
      askLogin: () => loginModal.open(COMMENT_TEXT.loginPrompt),
    };
  }, [viewer, watchedEpisodeIds, like, write, remove, report, toast, showFailure, loginModal]);

  // A link to one comment (the profile's, #yorum-12) finds it once the list is there.
  const listed = state.status === 'ready';
  useEffect(() => {
    const anchor = window.location.hash.slice(1);
    if (listed && anchor.startsWith('yorum-')) document.getElementById(anchor)?.scrollIntoView({ block: 'center' });
  }, [listed]);

  const sendComment = reportingFailures(showFailure)((text: string, spoiler: boolean, clientKey: string) => write({ text, spoiler, clientKey }));

  return (
    <section className="comments" aria-labelledby={headingId}>
      <header className="comments__header">
        <h2 id={headingId} className="comments__heading">
          {COMMENT_TEXT.heading}
          {state.status === 'ready' ? <span className="comments__total">{COMMENT_TEXT.total(state.list.total)}</span> : null}
        </h2>
        {comments.live ? (
          <span className="comments__live" title={COMMENT_TEXT.liveHint}>
            {COMMENT_TEXT.live}
          </span>
        ) : null}
        <div className="comments__order" role="group" aria-label={COMMENT_TEXT.orderLabel}>
          {COMMENT_ORDERS.map((order) => (
            <button key={order} type="button" aria-pressed={comments.order === order} onClick={() => comments.setOrder(order)}>
              {ORDER_LABELS[order]}
            </button>
          ))}
        </div>
      </header>

      {viewer ? (
        <CommentComposer label={COMMENT_TEXT.textLabel} placeholder={COMMENT_TEXT.placeholder} submitLabel={COMMENT_TEXT.send} onSend={sendComment} />
      ) : (
        <div className="comments__login">
          <p>{COMMENT_TEXT.loginPrompt}</p>
          <button type="button" className="button button--primary" onClick={() => loginModal.open()}>
            {TEXT.login}
          </button>
        </div>
      )}

      {state.status === 'loading' ? <Loading /> : null}
      {state.status === 'failed' ? (
        <div className="comments__failed" role="alert">
          <p>{COMMENT_TEXT.loadFailed}</p>
          <button type="button" className="button button--secondary" onClick={comments.retry}>
            {COMMENT_TEXT.retry}
          </button>
        </div>
      ) : null}
      {state.status === 'ready' && state.list.threads.length === 0 ? <p className="comments__empty">{COMMENT_TEXT.empty}</p> : null}
      {state.status === 'ready' && state.list.threads.length > 0 ? (
        <ol className="comments__list">
          {state.list.threads.map((thread) => (
            <CommentThreadItem key={thread.id} thread={thread} actions={actions} />
          ))}
        </ol>
      ) : null}
      {state.status === 'ready' && state.list.nextCursor !== null ? (
        <button
          type="button"
          className="button button--secondary comments__more"
          disabled={comments.more === 'loading'}
          aria-busy={comments.more === 'loading' || undefined}
          onClick={() => void comments.loadMore().catch(showFailure)}
        >
          {COMMENT_TEXT.loadMore}
        </button>
      ) : null}
      {comments.more === 'ended' ? (
        <p className="comments__end" role="status">
          {COMMENT_MESSAGES.noMoreComments}
        </p>
      ) : null}
    </section>
  );
}
