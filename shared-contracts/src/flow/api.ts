import type { MemberCard } from '../accounts/schemas';
import type { PollView } from '../polls/api';
import type { ReactionSummary } from '../reactions/api';
import type { FlowPostKind } from './rules';

/** A photo of a post. */
export interface FlowImage {
  id: number;
  /** The stored photo's address; null while it is being processed (the post shows a placeholder). */
  url: string | null;
  /** Size of the stored photo; null while it is being processed. */
  width: number | null;
  height: number | null;
}

/** One post of the flow. */
export interface FlowPost {
  id: number;
  author: MemberCard;
  /** The text as written, line breaks kept; always shown escaped. Empty for a poll. */
  body: string;
  /** ISO 8601 */
  createdAt: string;
  /** ISO 8601 of the last edit, or null. */
  editedAt: string | null;
  kind: FlowPostKind;
  /** The group it was posted in (its page's address `link`), or null for the public flow. */
  group: { id: number; slug: string; name: string; link: string } | null;
  /** Photos in their order. */
  images: FlowImage[];
  /** Whether the viewer wrote it (false for a visitor, and in pushed events). */
  mine: boolean;
  /** The poll of a poll post (kind 'poll'), as the viewer sees it; null for a text post. */
  poll: PollView | null;
  /** The post's reactions as the viewer sees them. */
  reactions: ReactionSummary;
}

/** GET /api/flow: one page of the public flow (or of the viewer's posts), newest first. */
export interface FlowPage {
  posts: FlowPost[];
  page: number;
  /** Whether a further page has posts. */
  hasMore: boolean;
}

/** The answer of a write: the post as it is now, and a Turkish confirmation. */
export interface FlowPostReply {
  post: FlowPost;
  message: string;
}
