import { COMMENT_MESSAGES as M, commentAnchor, fromShortcodes, type CommentView } from '@seyirlik/shared-contracts';

const commentTime = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Istanbul' });

/** What a living comment shows: author, time, text (emoji shown, spoilers veiled) and its buttons. */
function CommentContent({ comment }: { comment: CommentView }) {
  const author = comment.author!;
  return (
    <>
      <header className="comment__head">
        <a className="comment__author" href={`/profile/${encodeURIComponent(author.username)}`}>
          {author.profileName}
        </a>
        <time className="comment__time" dateTime={comment.createdAt}>
          {commentTime.format(new Date(comment.createdAt))}
        </time>
      </header>
      <div className={comment.spoiler ? 'comment__body comment__body--spoiler' : 'comment__body'}>
        {comment.spoiler ? (
          <button type="button" className="comment__spoiler">
            {M.spoilerHidden}
          </button>
        ) : null}
        <p className="comment__text">{fromShortcodes(comment.text)}</p>
      </div>
      <footer className="comment__actions">
        <button type="button" className={comment.liked ? 'comment__like is-liked' : 'comment__like'} data-action="like" data-id={comment.id}>
          {M.like} <span className="comment__like-count">{comment.likeCount}</span>
        </button>
        {comment.parentId === null ? (
          <button type="button" className="comment__reply" data-action="reply" data-id={comment.id}>
            {M.reply}
          </button>
        ) : null}
      </footer>
    </>
  );
}

/** A comment (or "Silinmiş yorum") with the replies under it, as legacy clients insert it. */
export function CommentBlock({ comment, replies = [] }: { comment: CommentView; replies?: CommentView[] }) {
  return (
    <article
      className={comment.deleted ? 'comment comment--deleted' : 'comment'}
      id={commentAnchor(comment.id)}
      data-id={comment.id}
      data-parent={comment.parentId ?? undefined}
    >
      {comment.deleted ? <p className="comment__deleted">{M.deletedComment}</p> : <CommentContent comment={comment} />}
      {replies.length > 0 ? (
        <div className="comment__replies">
          {replies.map((reply) => (
            <CommentBlock key={reply.id} comment={reply} />
          ))}
        </div>
      ) : null}
    </article>
  );
}
