import { commentAnchor, type CommentView } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { usePendingCall } from '../../lib/usePendingCall';
import { Avatar } from '../../ui/Avatar';
import type { CommentActions } from './commentActions';
import { CommentText } from './CommentText';
import { CommentTime } from './CommentTime';
import { DeleteCommentDialog } from './DeleteCommentDialog';
import { ReportCommentDialog } from './ReportCommentDialog';
import { COMMENT_TEXT } from './texts';
import { isViewersComment } from './veils';

interface CommentItemProps {
  comment: CommentView;
  actions: CommentActions;
  /** Opens the thread's reply box; absent where replying is not offered. */
  onReply?: () => void;
  /** A thread's first comment with replies: deleting it leaves "Silinmiş yorum" above them. */
  hasReplies?: boolean;
}

/** One comment or reply: who wrote it and when, its text (others' spoilers veiled), likes, and reply, delete or report. */
export function CommentItem({ comment, actions, onReply, hasReplies = false }: CommentItemProps) {
  const [dialog, setDialog] = useState<'delete' | 'report' | null>(null);
  const [liking, runLike] = usePendingCall();
  const anchor = commentAnchor(comment.id);

  if (comment.deleted || comment.author === null) {
    return (
      <article className="comment comment--deleted" id={anchor}>
        <p className="comment__deleted">{COMMENT_TEXT.deletedComment}</p>
      </article>
    );
  }

  const author = comment.author;
  const own = isViewersComment(comment, actions.viewerId);
  const close = () => setDialog(null);
  return (
    <article className="comment" id={anchor} aria-labelledby={`${anchor}-author`}>
      <header className="comment__head">
        <Avatar name={author.profileName} imageUrl={author.avatarUrl} size={32} />
        <Link to="/profile/$username" params={{ username: author.username }} className="comment__author" id={`${anchor}-author`}>
          {author.profileName}
        </Link>
        <CommentTime at={comment.createdAt} />
        {actions.watchedEpisodeIds !== undefined && comment.parentId === null && comment.episode ? (
          <Link to={comment.episode.path} className="comment__episode">
            {COMMENT_TEXT.episode(comment.episode.season, comment.episode.number)}
          </Link>
        ) : null}
      </header>
      <CommentText text={comment.text} spoiler={comment.spoiler} byViewer={own} />
      <footer className="comment__actions">
        <button
          type="button"
          className="comment__action comment__like"
          aria-pressed={comment.liked}
          title={COMMENT_TEXT.likeLabel(comment.likeCount, comment.liked)}
          disabled={liking}
          onClick={() => void runLike(() => actions.like(comment).catch(() => undefined))}
        >
          <span aria-hidden="true">{comment.liked ? '♥' : '♡'}</span>
          <span>{COMMENT_TEXT.like}</span>
          <span className="comment__like-count">{comment.likeCount}</span>
        </button>
        {onReply ? (
          <button type="button" className="comment__action" onClick={onReply}>
            {COMMENT_TEXT.reply}
          </button>
        ) : null}
        {own ? (
          <button type="button" className="comment__action" onClick={() => setDialog('delete')}>
            {COMMENT_TEXT.delete}
          </button>
        ) : (
          <button type="button" className="comment__action" onClick={() => (actions.viewerId === null ? actions.askLogin() : setDialog('report'))}>
            {COMMENT_TEXT.report}
          </button>
        )}
      </footer>
      {dialog === 'delete' ? (
        <DeleteCommentDialog onClose={close} onConfirm={() => actions.remove(comment, hasReplies).then(close, () => undefined)} />
      ) : null}
      {dialog === 'report' ? (
        <ReportCommentDialog onClose={close} onSend={(report) => actions.report(comment, report).then(close, () => undefined)} />
      ) : null}
    </article>
  );
}
