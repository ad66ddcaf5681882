import { FLOW_MESSAGES as M, type FlowPost } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { messageOf } from '../../lib/api';
import { Loading } from '../../ui/Loading';
import { Spinner } from '../../ui/Spinner';
import { useSession } from '../session/session';
import { useToast } from '../toast/toasts';
import { DeletePostDialog } from './DeletePostDialog';
import { FlowComposer } from './FlowComposer';
import { FlowEditDialog } from './FlowEditDialog';
import { FlowPostCard } from './FlowPostCard';
import { deleteFlowPost } from './flowApi';
import { useFlowCache, useFlowList, useLiveFlow } from './useFlow';
import './flow.css';

/**
 * The flow page (`/akis`, or `/akis/{page}` from a later page): the composer for members, the
 * "N yeni gönderi" bar (on the first page), the posts and "load more".
 */
export function FlowPage({ startPage }: { startPage: number }) {
  const { loaded, user } = useSession();
  const [mine, setMine] = useState(false);
  if (!loaded) return <Loading />;
  const userId = user?.id ?? null;
  return (
    <section className="flow" key={userId ?? 'visitor'}>
      <header className="flow__header">
        <h1 className="flow__title">{M.heading}</h1>
        {user && (
          <div className="flow__tabs" role="group">
            <button type="button" className={mine ? 'flow__tab' : 'flow__tab is-active'} aria-pressed={!mine} onClick={() => setMine(false)}>
              {M.all}
            </button>
            <button type="button" className={mine ? 'flow__tab is-active' : 'flow__tab'} aria-pressed={mine} onClick={() => setMine(true)}>
              {M.mine}
            </button>
          </div>
        )}
      </header>
      <FlowList key={mine ? 'mine' : 'all'} mine={mine && userId !== null} userId={userId} startPage={startPage} />
    </section>
  );
}

function FlowList({ mine, userId, startPage }: { mine: boolean; userId: number | null; startPage: number }) {
  const flow = useFlowList(mine, userId, startPage);
  const { newPosts, showNewPosts, showOwnPost } = useLiveFlow(mine, userId, startPage);
  const cache = useFlowCache();
  const toast = useToast();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<FlowPost | null>(null);
  const [loadMoreError, setLoadMoreError] = useState<string | null>(null);

  const posts = flow.data?.pages.flatMap((page) => page.posts) ?? [];
  const editing = editingId === null ? null : (posts.find((post) => post.id === editingId) ?? null);

  const loadMore = async () => {
    const result = await flow.fetchNextPage();
    // Seed §8: a failed "load more" shows the error and the button goes.
    if (result.isError) setLoadMoreError(messageOf(result.error));
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const { message } = await deleteFlowPost(deleting.id);
    cache.remove(deleting.id);
    setDeleting(null);
    toast.success(message);
  };

  return (
    <>
      {userId !== null ? (
        <FlowComposer onPosted={showOwnPost} />
      ) : (
        <p className="flow__login">
          <Link to="/giris-yap" search={{ redirect: '/akis' }} className="text-link">
            {M.loginToPost}
          </Link>
        </p>
      )}
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
        <p className="flow__empty">{M.empty}</p>
      ) : (
        <div className="flow__posts">
          {posts.map((post) => (
            <FlowPostCard key={post.id} post={post} onEdit={(chosen) => setEditingId(chosen.id)} onDelete={setDeleting} />
          ))}
        </div>
      )}
      {loadMoreError ? (
        <p className="field__error flow__more-error" role="alert">
          {loadMoreError}
        </p>
      ) : (
        flow.hasNextPage && (
          <button type="button" className="button button--secondary flow__more" disabled={flow.isFetchingNextPage} onClick={() => void loadMore()}>
            {flow.isFetchingNextPage && <Spinner />}
            <span>{M.loadMore}</span>
          </button>
        )
      )}
      {editing && <FlowEditDialog post={editing} onSaved={cache.replace} onClose={() => setEditingId(null)} />}
      {deleting && <DeletePostDialog onConfirm={confirmDelete} onClose={() => setDeleting(null)} />}
    </>
  );
}
