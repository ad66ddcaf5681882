import type { MemberCard } from '../accounts/schemas';

/** One private message; `seq` numbers a conversation's messages 1, 2, 3… in commit order. */
export interface PrivateMessage {
  seq: number;
  /** The conversation's hash. */
  hash: string;
  sender: MemberCard;
  /** As written: shown as text, never as markup. */
  text: string;
  /** ISO 8601 */
  sentAt: string;
}

/** A conversation as the list shows it. */
export interface ConversationSummary {
  hash: string;
  /** The other member. */
  other: MemberCard;
  lastMessage: { seq: number; senderId: number; text: string; sentAt: string };
  /** Whether it holds a message the viewer has not read. */
  unread: boolean;
}

/** GET /api/conversations?q=: newest first. */
export interface ConversationList {
  conversations: ConversationSummary[];
}

/** GET /api/conversations/unread: the header's badge. */
export interface UnreadConversations {
  count: number;
}

/**
 * GET /api/conversations/:hash and /api/conversations/with/:username: a conversation, or with a
 * member not talked to yet (`hash` null, every number 0) the one the first message starts.
 */
export interface ConversationView {
  hash: string | null;
  other: MemberCard;
  /** The newest message's sequence (0 when none). */
  lastSeq: number;
  /** Up to which sequence the viewer has read. */
  readSeq: number;
  /** Up to which sequence the other member has read: "Görüldü" goes under the viewer's last message at or before it. */
  otherReadSeq: number;
  /** Whether the viewer blocked the other member. */
  blockedByMe: boolean;
}

/** GET /api/conversations/:hash/messages: oldest first. */
export interface PrivateMessagePage {
  messages: PrivateMessage[];
  /** `after`: more follow the last one; otherwise: older ones come before the first. */
  hasMore: boolean;
}

/** POST /api/conversations/:hash/read */
export interface ReadState {
  readSeq: number;
}

/** GET|POST|DELETE /api/users/:username/block */
export interface BlockState {
  blocked: boolean;
}
