import type { MemberComment, MemberCommentPage, PublicProfile } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Loading } from '../../ui/Loading';
import { messageOf } from '../session/api';
import { useFailureToast } from '../session/useFailureToast';
import { fetchMemberComments } from './commentsApi';
import { CommentText } from './CommentText';
import { CommentTime } from './CommentTime';
import { COMMENT_TEXT } from './texts';
import './comments.css';

type PaneState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; page: MemberCommentPage };

function MemberCommentItem({ comment }: { comment: MemberComment }) {
  const [path, hash] = comment.link.split('#');
  return (
    <li>
      <article className="comment">
        <header className="comment__head">
          <Link to={path} hash={hash} className="member-comment__where">
            {comment.episode ? `${comment.title.name} · ${COMMENT_TEXT.episode(comment.episode.season, comment.episode.number)}` : comment.title.name}
          </Link>
          {comment.isReply ? <span className="member-comment__badge">{COMMENT_TEXT.profileReply}</span> : null}
          <CommentTime at={comment.createdAt} />
        </header>
        <CommentText text={comment.text} spoiler={comment.spoiler} />
        <p className="member-comment__likes">{COMMENT_TEXT.profileLikes(comment.likeCount)}</p>
      </article>
    </li>
  );
}

/** The comments tab of /profile/{username}: the member's comments, newest first, each linking to where it was written. */
export function MemberCommentsPane({ profile }: { profile: PublicProfile }) {
  const [state, setState] = useState<PaneState>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const showFailure = useFailureToast();

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    fetchMemberComments(profile.username).then(
      (page) => current && setState({ status: 'ready', page }),
      (error: unknown) => current && setState({ status: 'failed', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [profile.username]);

  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') return <p role="alert">{state.message}</p>;
  const { comments, nextCursor } = state.page;
  if (comments.length === 0) return <p className="profile__empty">{COMMENT_TEXT.profileEmpty}</p>;

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const next = await fetchMemberComments(profile.username, nextCursor);
      setState({ status: 'ready', page: { comments: [...comments, ...next.comments], nextCursor: next.nextCursor } });
    } catch (error) {
      showFailure(error);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className="member-comments-pane">
      <ol className="member-comments">
        {comments.map((comment) => (
          <MemberCommentItem key={comment.id} comment={comment} />
        ))}
      </ol>
      {nextCursor !== null ? (
        <button type="button" className="button button--secondary comments__more" disabled={loadingMore} onClick={() => void loadMore()}>
          {COMMENT_TEXT.loadMore}
        </button>
      ) : null}
    </div>
  );
}
