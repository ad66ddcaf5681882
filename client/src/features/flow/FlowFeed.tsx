import { FLOW_MESSAGES as M, type FlowPost } from '@seyirlik/shared-contracts';
import { useState, type ReactNode } from 'react';
import { messageOf } from '../../lib/api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Loading } from '../../ui/Loading';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { useToast } from '../toast/toasts';
import { FlowComposer } from './FlowComposer';
import { FlowEditDialog } from './FlowEditDialog';
import { FlowPostCard } from './FlowPostCard';
import { deleteFlowPost } from './flowApi';
import type { FlowScope } from './flowScope';
import { useFlowCache, useFlowList, useLiveFlow } from './useFlow';
import './flow.css';

export interface FlowFeedProps {
  scope: FlowScope;
  userId: number | null;
  startPage: number;
  /** Whether the viewer may post here: the composer shows; otherwise `notice` does, when given. */
  canPost: boolean;
  notice?: ReactNode;
  /** Whether the viewer may delete others' posts (a group's owner). */
  canModerate?: boolean;
  /** What an empty list says. */
  emptyText?: string;
}

/**
 * A live list of posts (the public flow's or a group's): the composer, the "N yeni gönderi" bar
 * (on the first page), the posts with their edit and delete dialogs, and "load more".
 */
export function FlowFeed({ scope, userId, startPage, canPost, notice, canModerate = false, emptyText = M.empty }: FlowFeedProps) {
  const flow = useFlowList(scope, userId, startPage);
  const { newPosts, showNewPosts, showOwnPost } = useLiveFlow(scope, userId, startPage);
  const cache = useFlowCache();
  const toast = useToast();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<FlowPost | null>(null);

  const posts = flow.data?.pages.flatMap((page) => page.posts) ?? [];
  const editing = editingId === null ? null : (posts.find((post) => post.id === editingId) ?? null);

  const confirmDelete = async () => {
    if (!deleting) return;
    const { message } = await deleteFlowPost(deleting.id);
    cache.remove(deleting.id);
    setDeleting(null);
    toast.success(message);
  };

  return (
    <>
      {canPost ? <FlowComposer scope={scope} onPosted={showOwnPost} /> : notice}
      {startPage === 1 && newPosts.length > 0 && (
        <button type="button" className="flow__new-posts" onClick={showNewPosts}>
          {M.newPosts(newPosts.length)}
        </button>
      )}
      {flow.isPending ? (
        <Loading />
      ) : flow.isError && posts.length === 0 ? (
        <p className="field__error" role="alert">
          {messageOf(flow.error)}
        </p>
      ) : posts.length === 0 ? (
        <p className="flow__empty">{emptyText}</p>
      ) : (
        <div className="flow__posts">
          {posts.map((post) => (
            <FlowPostCard key={post.id} post={post} canModerate={canModerate} onEdit={(chosen) => setEditingId(chosen.id)} onDelete={setDeleting} />
          ))}
        </div>
      )}
      <LoadMoreButton pages={flow} label={M.loadMore} className="flow__more" />
      {editing && <FlowEditDialog post={editing} onSaved={cache.replace} onClose={() => setEditingId(null)} />}
      {deleting && <ConfirmDialog title={M.delete} question={M.deleteConfirm} confirmLabel={M.delete} cancelLabel={M.cancel} onConfirm={confirmDelete} onClose={() => setDeleting(null)} />}
    </>
  );
}
