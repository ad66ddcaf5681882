import { FLOW_MESSAGES as M, FLOW_RULES, profilePath, type FlowPost } from '@seyirlik/shared-contracts';
import { Fragment } from 'react';
import { PollBlock } from '../polls';
import { ReactionControl } from '../reactions';

/** Posts are stamped with the time in Türkiye, where the site's audience is. */
const clock = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' });

/** The text with its line breaks kept, every character escaped by React. */
export function PostText({ text }: { text: string }) {
  const lines = text.split('\n');
  return (
    <p className="flow-post__text">
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </p>
  );
}

/** A photo, or its placeholder while it is being processed. */
function PostImage({ image }: { image: FlowPost['images'][number] }) {
  if (image.url === null) {
    return (
      <div className="flow-post__image flow-post__image--pending" data-image-id={image.id}>
        {M.photoProcessing}
      </div>
    );
  }
  return (
    <a className="flow-post__image" href={image.url} data-image-id={image.id}>
      <img src={image.url} alt="" width={image.width ?? undefined} height={image.height ?? undefined} loading="lazy" />
    </a>
  );
}

/** One post; `data-id` carries its id, `data-mine` whether the viewer wrote it. */
export function FlowPostItem({ post }: { post: FlowPost }) {
  const { author } = post;
  return (
    <article className="flow-post" data-id={post.id} data-mine={post.mine ? 1 : 0} data-kind={post.kind}>
      <header className="flow-post__header">
        <a className="flow-post__author" href={profilePath(author.username)}>
          {author.avatarUrl ? <img className="flow-post__avatar" src={author.avatarUrl} alt="" width={40} height={40} loading="lazy" /> : null}
          <span className="flow-post__name">{author.profileName}</span>
        </a>
        <time className="flow-post__time" dateTime={post.createdAt}>
          {clock.format(new Date(post.createdAt))}
        </time>
        {post.editedAt ? <span className="flow-post__edited">({M.edited_mark})</span> : null}
      </header>
      {post.body ? <PostText text={post.body} /> : null}
      {post.images.length > 0 ? (
        <div className="flow-post__images">
          {post.images.map((image) => (
            <PostImage key={image.id} image={image} />
          ))}
        </div>
      ) : null}
      {post.poll ? <PollBlock poll={post.poll} /> : null}
      <ReactionControl postId={post.id} summary={post.reactions} />
    </article>
  );
}

/** A page of posts as legacy clients show them, newest first. */
export function FlowPosts({ posts }: { posts: FlowPost[] }) {
  return (
    <>
      {posts.map((post) => (
        <FlowPostItem key={post.id} post={post} />
      ))}
    </>
  );
}

/** The edit modal's form of a post (`/get/flow/post`): its text, its photos each with a remove button, and a picker to add more. */
export function FlowPostEditForm({ post }: { post: FlowPost }) {
  return (
    <form className="flow-edit" data-id={post.id} encType="multipart/form-data">
      <input type="hidden" name="flow_id" value={post.id} />
      <textarea name="post" defaultValue={post.body} />
      <div className="flow-edit__images">
        {post.images.map((image) => (
          <div className="flow-edit__image" key={image.id} data-image-id={image.id}>
            {image.url ? <img src={image.url} alt="" /> : <span>{M.photoProcessing}</span>}
            <button type="button" className="flow-edit__remove" data-image-id={image.id}>
              {M.removePhoto}
            </button>
          </div>
        ))}
      </div>
      <input type="file" name="photo[]" accept={FLOW_RULES.photoAccept} multiple />
      <button type="submit">{M.save}</button>
    </form>
  );
}
