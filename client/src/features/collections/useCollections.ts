import type { CollectionSort, CollectionView } from '@seyirlik/shared-contracts';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchCollection, fetchCollections } from './collectionsApi';

/** Every collection query in the cache: lists and pages, per viewer. */
const COLLECTIONS_KEY = ['collections'] as const;
const LISTS_KEY = [...COLLECTIONS_KEY, 'list'] as const;
const VIEWS_KEY = [...COLLECTIONS_KEY, 'view'] as const;

const collectionKey = (id: number, userId: number | null) => [...VIEWS_KEY, id, userId] as const;

/** A collections list (all, or `owner`'s) in `sort` order, a page more per `fetchNextPage`. */
export function useCollectionList(sort: CollectionSort, owner: string | null) {
  return useInfiniteQuery({
    queryKey: [...LISTS_KEY, sort, owner],
    queryFn: ({ pageParam }) => fetchCollections(pageParam, sort, owner),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

/** A collection's page for the viewer. */
export function useCollection(id: number, userId: number | null) {
  return useQuery({ queryKey: collectionKey(id, userId), queryFn: () => fetchCollection(id) });
}

/** Changes to the cached collections after the viewer's own writes. */
export function useCollectionCache() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      /** The collection as a write answered it; the lists are read again when next shown. */
      saved: (collection: CollectionView) => {
        queryClient.setQueriesData<CollectionView>({ queryKey: VIEWS_KEY }, (held) => (held && held.id === collection.id ? { ...collection, mine: held.mine, following: held.following } : held));
        void queryClient.invalidateQueries({ queryKey: LISTS_KEY });
      },
      /** The viewer followed or unfollowed: their standing and the exact count. */
      followed: (id: number, following: boolean, followerCount: number) => {
        queryClient.setQueriesData<CollectionView>({ queryKey: VIEWS_KEY }, (held) => (held && held.id === id ? { ...held, following, followerCount } : held));
        void queryClient.invalidateQueries({ queryKey: LISTS_KEY });
      },
      /** The collection is gone. */
      deleted: (id: number) => {
        queryClient.removeQueries({ queryKey: [...VIEWS_KEY, id] });
        void queryClient.invalidateQueries({ queryKey: LISTS_KEY });
      },
    }),
    [queryClient],
  );
}
