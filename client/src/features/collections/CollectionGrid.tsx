import { COLLECTION_MESSAGES as M, type CollectionSort } from '@seyirlik/shared-contracts';
import { messageOf } from '../../lib/api';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { Loading } from '../../ui/Loading';
import { CollectionCardLink } from './CollectionCardLink';
import { useCollectionList } from './useCollections';

/** A paged grid of collections (all, or `owner`'s) with "load more"; `empty` is said when there is none. */
export function CollectionGrid({ sort, owner, empty }: { sort: CollectionSort; owner: string | null; empty: string }) {
  const list = useCollectionList(sort, owner);
  const collections = list.data?.pages.flatMap((page) => page.collections) ?? [];

  if (list.isPending) return <Loading />;
  if (list.isError && collections.length === 0) {
    return (
      <p className="field__error" role="alert">
        {messageOf(list.error)}
      </p>
    );
  }
  return (
    <>
      {collections.length === 0 ? (
        <p className="collections__empty">{empty}</p>
      ) : (
        <ul className="collections__grid" aria-label={M.listLabel}>
          {collections.map((collection) => (
            <li key={collection.id}>
              <CollectionCardLink collection={collection} />
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton pages={list} label={M.loadMore} className="collections__more" />
    </>
  );
}
