import type { CommentThread } from '@seyirlik/shared-contracts';
import { useState } from 'react';
import type { CommentActions } from './commentActions';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';
import { SpoilerVeil } from './SpoilerVeil';
import { COMMENT_TEXT } from './texts';
import { unwatchedEpisodeOf } from './veils';

/**
 * A thread: its first comment, the replies under it and, on demand, a reply box. On a title page a
 * thread written on an episode the member has not marked watched is veiled like a spoiler, unless
 * the member wrote in it (see unwatchedEpisodeOf).
 */
export function CommentThreadItem({ thread, actions }: { thread: CommentThread; actions: CommentActions }) {
  const [replying, setReplying] = useState(false);
  const startReply = () => (actions.viewerId === null ? actions.askLogin() : setReplying(true));
  const canReply = !thread.deleted;
  const unwatched = unwatchedEpisodeOf(thread, actions.viewerId, actions.watchedEpisodeIds);

  const content = (
    <>
      <CommentItem comment={thread} actions={actions} onReply={canReply ? startReply : undefined} hasReplies={thread.replies.length > 0} />
      {thread.replies.length > 0 ? (
        <ol className="comment__replies" aria-label={thread.author ? COMMENT_TEXT.repliesLabel(thread.author.profileName) : COMMENT_TEXT.deletedComment}>
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem comment={reply} actions={actions} onReply={canReply ? startReply : undefined} />
            </li>
          ))}
        </ol>
      ) : null}
      {replying && canReply ? (
        <div className="comment__reply-box">
          <CommentComposer
            label={COMMENT_TEXT.replyLabel(thread.author?.profileName ?? '')}
            placeholder={COMMENT_TEXT.replyPlaceholder}
            submitLabel={COMMENT_TEXT.reply}
            autoFocus
            onCancel={() => setReplying(false)}
            onSend={async (text, spoiler, clientKey) => {
              await actions.reply(thread, text, spoiler, clientKey);
              setReplying(false);
            }}
          />
        </div>
      ) : null}
    </>
  );

  return (
    <li className="comments__thread">
      {unwatched ? <SpoilerVeil label={COMMENT_TEXT.unwatchedHidden(unwatched.season, unwatched.number)}>{content}</SpoilerVeil> : content}
    </li>
  );
}
