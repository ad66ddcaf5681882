import type { TitleKind } from '../catalog/rules';

/** The forum's categories, in the order the list shows them; the seed names none, so they are ours. */
export const DISCUSSION_CATEGORIES = ['genel', 'diziler', 'anime', 'filmler', 'oneriler', 'site'] as const;
export type DiscussionCategory = (typeof DISCUSSION_CATEGORIES)[number];

/** How each category is shown. */
export const DISCUSSION_CATEGORY_NAMES: Record<DiscussionCategory, string> = {
  genel: 'Genel',
  diziler: 'Diziler',
  anime: 'Anime',
  filmler: 'Filmler',
  oneriler: 'Öneriler',
  site: 'Site',
};

/** A topic opened on a title's page (`newTopic2`, no category field) goes to its kind's category. */
export const DISCUSSION_CATEGORY_OF_KIND: Record<TitleKind, DiscussionCategory> = { dizi: 'diziler', anime: 'anime', film: 'filmler' };

/**
 * The list's orders: `newest` by creation, `active` by replies (most first), then by the newest
 * reply (or the topic's creation when it has none).
 */
export const DISCUSSION_ORDERS = ['newest', 'active'] as const;
export type DiscussionOrder = (typeof DISCUSSION_ORDERS)[number];

/** Limits of the forum, the same for the server and the client. */
export const DISCUSSION_RULES = {
  titleMaxLength: 120,
  /** A topic's text, counted as a person sees characters. */
  textMaxLength: 5000,
  /** Topics per page of the list. */
  pageSize: 20,
  maxPage: 10_000,
  /** Longest search text of the list (a topic's title is searched). */
  searchMaxLength: 80,
  /** After a topic is created the page goes to it after 1.5 s (§9). */
  createRedirectMs: 1500,
  /** Topics one member may open per window, and edits of topics. */
  createRateLimit: { points: 5, windowSeconds: 600 },
  updateRateLimit: { points: 30, windowSeconds: 600 },
} as const;

/** The `rel` of every link in a topic's text: written by members, so never followed or trusted. */
export const DISCUSSION_LINK_REL = 'nofollow noopener noreferrer ugc';

/** Where the discussion list is (§2: shown after a discussion is deleted). */
export const DISCUSSIONS_PATH = '/tartismalar';

/** A topic's page. */
export const discussionPath = (id: number): string => `${DISCUSSIONS_PATH}/${id}`;
