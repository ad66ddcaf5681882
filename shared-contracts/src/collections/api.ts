import type { MemberCard } from '../accounts/schemas';
import type { TitleCard } from '../catalog/api';

/** A catalog title as a collection holds it: the title's card and its id (what a list sends). */
export interface CollectionTitle extends TitleCard {
  id: number;
}

/** A collection as lists show it. */
export interface CollectionCard {
  id: number;
  /** The collection's page (`/koleksiyon/{id}`). */
  link: string;
  name: string;
  description: string;
  owner: MemberCard;
  itemCount: number;
  followerCount: number;
  /** The first titles' posters, in the collection's order (at most COLLECTION_RULES.cardPosters). */
  posters: string[];
  /** ISO 8601 */
  createdAt: string;
}

/** A collection's page (GET /api/collections/:id), for the viewer. */
export interface CollectionView extends CollectionCard {
  /** The titles in the owner's order. */
  items: CollectionTitle[];
  /** ISO 8601 */
  updatedAt: string;
  /** Whether the viewer owns it (and may edit and delete it). */
  mine: boolean;
  /** Whether the viewer follows it. */
  following: boolean;
}

/** GET /api/collections: a page of collections, newest or most followed first (with `owner`, that member's). */
export interface CollectionList {
  collections: CollectionCard[];
  page: number;
  hasMore: boolean;
}

/** The answer of a change to a collection: the collection as it is now, and a Turkish confirmation. */
export interface CollectionReply {
  collection: CollectionView;
  message: string;
}

/** POST /api/collections (201): the new collection and where it lives (§7: `link`). */
export interface CollectionCreatedReply extends CollectionReply {
  link: string;
}

/** DELETE /api/collections/:id: where to go now (the collections list). */
export interface CollectionDeletedReply {
  message: string;
  go: string;
}

/** POST and DELETE /api/collections/:id/follow: the viewer's standing and the exact count. */
export interface CollectionFollowReply {
  following: boolean;
  followerCount: number;
  message: string;
}

/** GET /api/collections/search?q=text: the catalog's titles matching the text, closest first. */
export interface CollectionSearchResult {
  titles: CollectionTitle[];
}
