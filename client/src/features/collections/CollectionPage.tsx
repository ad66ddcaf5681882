import { COLLECTION_MESSAGES as M, type CollectionView } from '@seyirlik/shared-contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { messageOf } from '../../lib/api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Loading } from '../../ui/Loading';
import { TitleCardLink } from '../catalog/TitleCardLink';
import { useLoginModal } from '../session/loginModal';
import { useSession } from '../session/session';
import { useFailureToast } from '../session/useFailureToast';
import { useToast } from '../toast/toasts';
import { CollectionFormDialog } from './CollectionFormDialog';
import { deleteCollection, followCollection, unfollowCollection } from './collectionsApi';
import { useCollection, useCollectionCache } from './useCollections';
import './collections.css';

/** A collection's page (`/koleksiyon/{id}`): loads it for the viewer, then shows it. */
export function CollectionPage({ id }: { id: number }) {
  const { loaded, user } = useSession();
  const userId = user?.id ?? null;
  const collection = useCollection(id, userId);
  if (!loaded || collection.isPending) return <Loading />;
  if (collection.isError) {
    return (
      <section className="collection-page">
        <p className="field__error" role="alert">
          {messageOf(collection.error)}
        </p>
        <Link to="/koleksiyonlar">{M.backToList}</Link>
      </section>
    );
  }
  return <CollectionScreen collection={collection.data} loggedIn={userId !== null} />;
}

/**
 * The titles' posters in the owner's order (text the owner wrote shown as text), the follow button
 * (visitors are asked to log in), and for the owner the edit modal and the deletion, asked first.
 */
function CollectionScreen({ collection, loggedIn }: { collection: CollectionView; loggedIn: boolean }) {
  const navigate = useNavigate();
  const cache = useCollectionCache();
  const toast = useToast();
  const showFailure = useFailureToast();
  const loginModal = useLoginModal();
  const [pending, setPending] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const toggleFollow = async () => {
    if (!loggedIn) return loginModal.open(M.loginToFollow);
    setPending(true);
    try {
      const reply = await (collection.following ? unfollowCollection : followCollection)(collection.id);
      cache.followed(collection.id, reply.following, reply.followerCount);
      toast.success(reply.message);
    } catch (failure) {
      showFailure(failure);
    } finally {
      setPending(false);
    }
  };

  const remove = async () => {
    const reply = await deleteCollection(collection.id);
    cache.deleted(collection.id);
    toast.success(reply.message);
    await navigate({ to: reply.go });
  };

  return (
    <section className="collection-page">
      <header className="collection-page__header">
        <div className="collection-page__heading">
          <h1 className="collections__title">{collection.name}</h1>
          {collection.description && <p className="collection-page__description">{collection.description}</p>}
          <p className="collection-page__meta">
            <Link to="/profile/$username" params={{ username: collection.owner.username }} aria-label={`${M.owner}: ${collection.owner.profileName}`}>
              {collection.owner.profileName}
            </Link>
            <span>{M.itemCount(collection.itemCount)}</span>
            <span>{M.followerCount(collection.followerCount)}</span>
          </p>
        </div>
        <div className="collection-page__actions">
          {collection.mine ? (
            <>
              <button type="button" className="button button--primary" onClick={() => setEditing(true)}>
                {M.edit}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setConfirmingDelete(true)}>
                {M.delete}
              </button>
            </>
          ) : (
            <button type="button" className={collection.following ? 'button button--secondary' : 'button button--primary'} aria-pressed={collection.following} disabled={pending} onClick={() => void toggleFollow()}>
              {collection.following ? M.unfollow : M.follow}
            </button>
          )}
        </div>
      </header>
      {collection.items.length === 0 ? (
        <p className="collections__empty">{M.emptyItems}</p>
      ) : (
        <ol className="title-grid collection-page__items" aria-label={M.itemsLabel}>
          {collection.items.map((title) => (
            <li key={title.id}>
              <TitleCardLink title={title} />
            </li>
          ))}
        </ol>
      )}
      {editing && (
        <CollectionFormDialog
          collection={collection}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            cache.saved(saved);
            setEditing(false);
          }}
        />
      )}
      {confirmingDelete && <ConfirmDialog title={M.delete} question={M.deleteConfirm} confirmLabel={M.delete} cancelLabel={M.cancel} onConfirm={remove} onClose={() => setConfirmingDelete(false)} />}
    </section>
  );
}
