import { FLOW_MESSAGES as M, type FlowPost } from '@seyirlik/shared-contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { messageOf } from '../../lib/api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Loading } from '../../ui/Loading';
import { useSession } from '../session/session';
import { useToast } from '../toast/toasts';
import { fetchFlowPost, deleteFlowPost } from './flowApi';
import { FlowEditDialog } from './FlowEditDialog';
import { FlowPostCard } from './FlowPostCard';
import { POST_PAGE_TEXT } from './texts';
import './flow.css';

const postKey = (postId: number, userId: number | null) => ['flow-post', postId, userId] as const;

/** Where a post lives: its group's page, or the flow. */
function PostHome({ post }: { post: FlowPost | null }) {
  if (post?.group) {
    return (
      <Link to="/grup/$slug" params={{ slug: post.group.slug }} className="text-link post-page__back">
        {POST_PAGE_TEXT.backToGroup(post.group.name)}
      </Link>
    );
  }
  return (
    <Link to="/akis" className="text-link post-page__back">
      {POST_PAGE_TEXT.backToFlow}
    </Link>
  );
}

/**
 * A post's own page (`/gonderi/{id}`): the post with its poll and reactions (live on its channel),
 * a link back to its group or to the flow; its author edits or deletes it here as on the flow. A
 * post the viewer may not read, or that is gone, is said so in the server's words.
 */
export function PostPage({ postId }: { postId: number }) {
  const { loaded, user } = useSession();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const post = useQuery({ queryKey: postKey(postId, userId), queryFn: () => fetchFlowPost(postId), enabled: loaded });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (!loaded || post.isPending) return <Loading />;
  if (post.isError) {
    return (
      <section className="flow post-page">
        <h1 className="flow__title">{messageOf(post.error)}</h1>
        <PostHome post={null} />
      </section>
    );
  }

  const shown = post.data;
  const confirmDelete = async () => {
    const { message } = await deleteFlowPost(shown.id);
    toast.success(message);
    await (shown.group ? navigate({ to: '/grup/$slug', params: { slug: shown.group.slug } }) : navigate({ to: '/akis' }));
  };

  return (
    <section className="flow post-page">
      <header className="flow__header">
        <h1 className="flow__title">{POST_PAGE_TEXT.heading}</h1>
        <PostHome post={shown} />
      </header>
      <FlowPostCard post={shown} onEdit={() => setEditing(true)} onDelete={() => setDeleting(true)} />
      {editing && <FlowEditDialog post={shown} onSaved={(saved) => queryClient.setQueryData(postKey(postId, userId), saved)} onClose={() => setEditing(false)} />}
      {deleting && <ConfirmDialog title={M.delete} question={M.deleteConfirm} confirmLabel={M.delete} cancelLabel={M.cancel} onConfirm={confirmDelete} onClose={() => setDeleting(false)} />}
    </section>
  );
}
