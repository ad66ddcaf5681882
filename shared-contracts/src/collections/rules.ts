/**
 * Collections (§3: collection_id, name, desc, a list of items each with id, type and name): a
 * member's ordered list of catalog titles. Every collection is public: listed on /koleksiyonlar and
 * on its owner's profile, readable and followable by everyone; only its owner edits or deletes it.
 */

/** The orders of the collections list. */
export const COLLECTION_SORTS = ['newest', 'popular'] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];

/** Limits of collections, the same for the server and the client. */
export const COLLECTION_RULES = {
  nameMaxLength: 80,
  descriptionMaxLength: 1000,
  /** Titles one collection holds at most. */
  maxItems: 100,
  /** Longest `list` a legacy call may send as JSON, before it is read. */
  listJsonMaxLength: 100 * 200,
  /** An item's `name` in a legacy list (informative: the title's own name is shown). */
  itemNameMaxLength: 300,
  /** Collections per page of a list. */
  pageSize: 12,
  maxPage: 10_000,
  /** Posters a collection's card shows. */
  cardPosters: 4,
  /** Catalog search of the create modal (§5, §9): from 2 characters, 500 ms after the last keystroke, at most this many answers. */
  searchMinLength: 2,
  searchDebounceMs: 500,
  searchMaxLength: 80,
  searchLimit: 12,
  /** After a collection is created the page goes to it after 400 ms (§9). */
  createRedirectMs: 400,
  /** Collections one member may create per window, and edits (fields or list) of collections. */
  createRateLimit: { points: 20, windowSeconds: 3600 },
  updateRateLimit: { points: 60, windowSeconds: 600 },
} as const;

/** Where the collections list is (and where the page goes after a deletion, §1). */
export const COLLECTIONS_PATH = '/koleksiyonlar';

/** A collection's page. */
export const collectionPath = (id: number): string => `/koleksiyon/${id}`;

/** The profile tab that lists a member's collections. */
export const COLLECTIONS_TAB = 'koleksiyonlar';
