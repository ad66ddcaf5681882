import { FLOW_MESSAGES as M, type FlowImage, type FlowPost } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { Avatar } from '../../ui/Avatar';
import { PollCard } from '../polls';
import { ReactionBar } from '../reactions';
import { ReportButton } from '../reports/ReportButton';

/** Posts are stamped with the time in Türkiye, where the site's audience is. */
const clock = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' });

/** A photo, or its placeholder while the server prepares it (it appears by itself once ready). */
export function FlowPhoto({ image }: { image: FlowImage }) {
  if (image.url === null) {
    return (
      <div className="flow-photo flow-photo--pending" role="img" aria-label={M.photoProcessing}>
        <span>{M.photoProcessing}</span>
      </div>
    );
  }
  return (
    <a className="flow-photo" href={image.url} target="_blank" rel="noreferrer">
      <img src={image.url} alt="" width={image.width ?? undefined} height={image.height ?? undefined} loading="lazy" />
    </a>
  );
}

export interface FlowPostCardProps {
  post: FlowPost;
  onEdit: (post: FlowPost) => void;
  onDelete: (post: FlowPost) => void;
  /** Whether the viewer may delete others' posts here too (a group's owner, in the group). */
  canModerate?: boolean;
}

/**
 * One post: its author, time (a link to the post's own page), text (line breaks kept, always as
 * text), photos or poll, and reactions; its author may edit or delete it, a moderator delete it,
 * anyone else report it.
 */
export function FlowPostCard({ post, onEdit, onDelete, canModerate = false }: FlowPostCardProps) {
  const { author } = post;
  const canEdit = post.mine && post.kind === 'post';
  const canDelete = post.mine || canModerate;
  return (
    <article className="flow-post" data-post-id={post.id}>
      <header className="flow-post__header">
        <Link to="/profile/$username" params={{ username: author.username }} className="flow-post__author">
          <Avatar name={author.profileName} imageUrl={author.avatarUrl} size={40} />
          <span className="flow-post__name">{author.profileName}</span>
        </Link>
        <Link to="/gonderi/$id" params={{ id: post.id }} className="flow-post__time">
          <time dateTime={post.createdAt}>{clock.format(new Date(post.createdAt))}</time>
        </Link>
        {post.editedAt && <span className="flow-post__edited">({M.edited_mark})</span>}
        <div className="flow-post__actions">
          {canEdit && (
            <button type="button" className="button button--secondary flow-post__action" onClick={() => onEdit(post)}>
              {M.edit}
            </button>
          )}
          {canDelete && (
            <button type="button" className="button button--secondary flow-post__action" onClick={() => onDelete(post)}>
              {M.delete}
            </button>
          )}
          {!post.mine && <ReportButton subject="post" targetId={post.id} className="button button--secondary flow-post__action" />}
        </div>
      </header>
      {post.body && <p className="flow-post__text">{post.body}</p>}
      {post.images.length > 0 && (
        <div className={`flow-post__photos flow-post__photos--${Math.min(post.images.length, 4)}`}>
          {post.images.map((image) => (
            <FlowPhoto key={image.id} image={image} />
          ))}
        </div>
      )}
      {post.poll && <PollCard poll={post.poll} />}
      <ReactionBar postId={post.id} summary={post.reactions} />
    </article>
  );
}
