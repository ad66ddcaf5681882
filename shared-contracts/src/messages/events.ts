import type { MemberCard } from '../accounts/schemas';
import type { PrivateMessage } from './api';

/** The answer to `conversation.view`. */
export type ConversationViewReply = { ok: true } | { ok: false; message: string };

/** Pushed to both members' `user:{id}` channels after the change committed. */
export interface PrivateMessageServerEvents {
  /** A new message of the conversation `hash` (stream `streams.conversation(hash)`). */
  'message.created': (message: PrivateMessage & { recipientId: number }) => void;
  /** `readerId` read the conversation up to `readSeq`: its unread mark goes in the reader's tabs, "Görüldü" moves in the other's. */
  'conversation.read': (payload: { hash: string; readerId: number; readSeq: number }) => void;
  /** The other member started (true) or stopped (false) typing; only to the other member. */
  'conversation.typingChanged': (payload: { hash: string; member: MemberCard; typing: boolean }) => void;
}

export interface PrivateMessageClientEvents {
  /** The member is typing (true) or stopped (false) in the conversation. */
  'conversation.typing': (payload: { hash: string; typing: boolean }) => void;
  /**
   * This tab has the conversation open (true, repeated every MESSAGE_RULES.viewRefreshMs) or closed
   * it (false); acknowledged once recorded, refused for a conversation the member is not in.
   */
  'conversation.view': (payload: { hash: string; viewing: boolean }, ack: (reply: ConversationViewReply) => void) => void;
}
