import { commentAge, commentTimeTitle } from './commentTime';

export function CommentTime({ at }: { at: string }) {
  return (
    <time className="comment__time" dateTime={at} title={commentTimeTitle(at)}>
      {commentAge(at)}
    </time>
  );
}
