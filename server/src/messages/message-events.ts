/**
 * The private messages' domain events, written in the statement that stores the message (the
 * outbox) and handed to consumers after it committed. The notifications feature subscribes to
 * them without touching the messages' code.
 */

/** A private message was stored (a repeated send with the same key publishes nothing). */
export interface MessageSentEvent {
  conversationId: number;
  /** The conversation's unguessable address, as in `/profile/message/{username}?hash=` links and `streams.conversation`. */
  hash: string;
  /** The message's number in the conversation's stream. */
  seq: number;
  senderId: number;
  /** The sender's username and profile name when the message was sent (absent in events stored before they were carried). */
  senderUsername?: string;
  senderName?: string;
  recipientId: number;
  /** The start of the text, for a notification (at most 80 characters). */
  preview: string;
  /** Whether the message started the conversation (the seed's `first` flag). */
  first: boolean;
}

declare module '../platform/events/domain-events' {
  interface DomainEventMap {
    'message.sent': MessageSentEvent;
  }
}
