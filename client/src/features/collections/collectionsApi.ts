import type {
  CollectionCreatedReply,
  CollectionDeletedReply,
  CollectionFields,
  CollectionFollowReply,
  CollectionList,
  CollectionReply,
  CollectionSearchResult,
  CollectionSort,
  CollectionView,
} from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

/** A page (from 1) of the collections list in `sort` order; with `owner`, that member's collections. */
export function fetchCollections(page: number, sort: CollectionSort, owner: string | null): Promise<CollectionList> {
  const query = new URLSearchParams({ page: String(page), sort });
  if (owner) query.set('owner', owner);
  return api.get<CollectionList>(`/api/collections?${query.toString()}`);
}

export function fetchCollection(id: number): Promise<CollectionView> {
  return api.get<CollectionView>(`/api/collections/${id}`);
}

/** The create modal's catalog search (from 2 characters). */
export function searchCollectionTitles(q: string): Promise<CollectionSearchResult> {
  return api.get<CollectionSearchResult>(`/api/collections/search?q=${encodeURIComponent(q)}`);
}

/** The seed's fields: `name`, `desc` and `list`, the titles' ids in order. */
const body = (fields: CollectionFields) => ({ name: fields.name, desc: fields.description, list: fields.titleIds });

export function createCollection(fields: CollectionFields): Promise<CollectionCreatedReply> {
  return api.post<CollectionCreatedReply>('/api/collections', body(fields));
}

export function updateCollection(id: number, fields: CollectionFields): Promise<CollectionReply> {
  return api.patch<CollectionReply>(`/api/collections/${id}`, body(fields));
}

export function deleteCollection(id: number): Promise<CollectionDeletedReply> {
  return api.delete<CollectionDeletedReply>(`/api/collections/${id}`);
}

export function followCollection(id: number): Promise<CollectionFollowReply> {
  return api.post<CollectionFollowReply>(`/api/collections/${id}/follow`);
}

export function unfollowCollection(id: number): Promise<CollectionFollowReply> {
  return api.delete<CollectionFollowReply>(`/api/collections/${id}/follow`);
}
