import { COLLECTION_MESSAGES as M, COLLECTION_SORTS, type CollectionSort } from '@seyirlik/shared-contracts';
import { useState } from 'react';
import { Loading } from '../../ui/Loading';
import { useLoginModal } from '../session/loginModal';
import { useSession } from '../session/session';
import { CollectionFormDialog } from './CollectionFormDialog';
import { CollectionGrid } from './CollectionGrid';
import './collections.css';

/** The collections list (`/koleksiyonlar`): newest or most followed, "load more", and the create modal (visitors are asked to log in first). */
export function CollectionsPage() {
  const { loaded, user } = useSession();
  const loginModal = useLoginModal();
  const [sort, setSort] = useState<CollectionSort>('newest');
  const [creating, setCreating] = useState(false);
  if (!loaded) return <Loading />;

  return (
    <section className="collections">
      <header className="collections__header">
        <div className="collections__heading">
          <h1 className="collections__title">{M.heading}</h1>
          <p className="collections__intro">{M.intro}</p>
        </div>
        <button type="button" className="button button--primary" onClick={() => (user ? setCreating(true) : loginModal.open(M.loginToCreate))}>
          {M.create}
        </button>
      </header>
      <div className="flow__tabs" role="group" aria-label={M.sortLabel}>
        {COLLECTION_SORTS.map((option) => (
          <button key={option} type="button" className={sort === option ? 'flow__tab is-active' : 'flow__tab'} aria-pressed={sort === option} onClick={() => setSort(option)}>
            {M[option]}
          </button>
        ))}
      </div>
      <CollectionGrid key={sort} sort={sort} owner={null} empty={M.empty} />
      {creating && <CollectionFormDialog onClose={() => setCreating(false)} />}
    </section>
  );
}
