import type { MemberCard } from '../accounts/schemas';
import type { TitleKind } from '../catalog/rules';
import type { DiscussionCategory } from './rules';

/** The catalog title a topic is about. */
export interface DiscussionSeries {
  id: number;
  kind: TitleKind;
  slug: string;
  name: string;
  /** The title's page. */
  link: string;
}

/** A topic as the list shows it. */
export interface DiscussionCard {
  id: number;
  /** The topic's page (`/tartismalar/{id}`). */
  link: string;
  title: string;
  category: DiscussionCategory;
  /** The title it is about, or null. */
  series: DiscussionSeries | null;
  author: MemberCard;
  /** Replies that are not deleted. */
  replyCount: number;
  /** ISO 8601: the newest reply, or the topic's creation when it has none. */
  lastActivityAt: string;
  /** ISO 8601 */
  createdAt: string;
}

/** A topic's page (GET /api/discussions/:id); its replies are its comments (GET /api/discussions/:id/comments). */
export interface DiscussionView extends DiscussionCard {
  /** As written: show it with discussionTextParts (line breaks and safe links, everything else as text). */
  text: string;
  /** ISO 8601 of the last edit, or null. */
  editedAt: string | null;
  /** Whether the viewer wrote it (and may edit and delete it). */
  mine: boolean;
}

/** GET /api/discussions: a page of topics in the order asked for. */
export interface DiscussionList {
  discussions: DiscussionCard[];
  page: number;
  /** Topics matching the category and search, over all pages. */
  total: number;
  hasMore: boolean;
}

/** The answer of a change to a topic: the topic as it is now, and a Turkish confirmation. */
export interface DiscussionReply {
  discussion: DiscussionView;
  message: string;
}

/** POST /api/discussions (201): the new topic and its page (§7: `link`). */
export interface DiscussionCreatedReply extends DiscussionReply {
  link: string;
}

/** DELETE /api/discussions/:id: where to go now, the list (§2). */
export interface DiscussionDeletedReply {
  message: string;
  go: string;
}
