import type { MemberComment, PublicProfile } from '@seyirlik/shared-contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { messageOf } from '../../lib/api';
import { Loading } from '../../ui/Loading';
import { useSessionUser } from '../session/session';
import { useFailureToast } from '../session/useFailureToast';
import { fetchMemberComments } from './commentsApi';
import { CommentText } from './CommentText';
import { CommentTime } from './CommentTime';
import { COMMENT_TEXT } from './texts';
import './comments.css';

/** One of the member's comments; `byViewer`: the member is the one viewing their own profile. */
function MemberCommentItem({ comment, byViewer }: { comment: MemberComment; byViewer: boolean }) {
  const [path, hash] = comment.link.split('#');
  return (
    <li>
      <article className="comment">
        <header className="comment__head">
          <Link to={path} hash={hash} className="member-comment__where">
            {comment.title === null
              ? (comment.topic?.title ?? '')
              : comment.episode
                ? `${comment.title.name} · ${COMMENT_TEXT.episode(comment.episode.season, comment.episode.number)}`
                : comment.title.name}
          </Link>
          {comment.isReply ? <span className="member-comment__badge">{COMMENT_TEXT.profileReply}</span> : null}
          <CommentTime at={comment.createdAt} />
        </header>
        <CommentText text={comment.text} spoiler={comment.spoiler} byViewer={byViewer} />
        <p className="member-comment__likes">{COMMENT_TEXT.profileLikes(comment.likeCount)}</p>
      </article>
    </li>
  );
}

/** The comments tab of /profile/{username}: the member's comments, newest first, each linking to where it was written. */
export function MemberCommentsPane({ profile }: { profile: PublicProfile }) {
  const showFailure = useFailureToast();
  const ownProfile = useSessionUser()?.username === profile.username;
  const memberComments = useInfiniteQuery({
    queryKey: ['memberComments', profile.username],
    queryFn: ({ pageParam }) => fetchMemberComments(profile.username, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => data.pages.flatMap((page) => page.comments),
  });

  const comments = memberComments.data;
  if (!comments) return memberComments.isError ? <p role="alert">{messageOf(memberComments.error)}</p> : <Loading />;
  if (comments.length === 0) return <p className="profile__empty">{COMMENT_TEXT.profileEmpty}</p>;

  return (
    <div className="member-comments-pane">
      <ol className="member-comments">
        {comments.map((comment) => (
          <MemberCommentItem key={comment.id} comment={comment} byViewer={ownProfile} />
        ))}
      </ol>
      {memberComments.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary comments__more"
          disabled={memberComments.isFetchingNextPage}
          onClick={() => void memberComments.fetchNextPage({ throwOnError: true }).catch(showFailure)}
        >
          {COMMENT_TEXT.loadMore}
        </button>
      ) : null}
    </div>
  );
}
