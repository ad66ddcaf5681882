import { HttpStatus, Injectable } from '@nestjs/common';
import {
  MESSAGES,
  MESSAGE_RULES as R,
  PRIVATE_MESSAGE_MESSAGES as M,
  SEND_KEY_MESSAGES,
  conversationHashSchema,
  foldForSearch,
  recipientUsernameSchema,
  rooms,
  type ConversationList,
  type ConversationView,
  type MemberCard,
  type PrivateMessage,
  type PrivateMessagePage,
  type ReadState,
  type UnreadConversations,
} from '@seyirlik/shared-contracts';
import { MemberBlocks } from '../accounts';
import { AppException } from '../platform/http/app-exception';
import { OutboxRelay } from '../platform/outbox/outbox-relay';
import { RealtimeService } from '../platform/realtime/realtime.service';
import { MessagesRepository, type ConversationRow, type MessageSender, type PrivateMessageRow } from './messages.repository';

/** A send: the text, and the idempotency key its retries repeat (none from legacy clients). */
export interface MessageSend {
  text: string;
  clientKey?: string;
}

/** The member a first message goes to: by username (our client) or id (the legacy `id`). */
export type Recipient = { username: string } | { id: number };

/** Which part of a conversation to read: the newest page, older than `before`, or newer than `after`. */
export interface MessagePageQuery {
  before: number | null;
  after: number | null;
}

function toPrivateMessage(hash: string, row: PrivateMessageRow): PrivateMessage {
  return { seq: row.seq, hash, sender: row.sender, text: row.body, sentAt: row.sentAt.toISOString() };
}

const notFound = () => new AppException(HttpStatus.NOT_FOUND, M.conversationNotFound);

/**
 * Private messages between two members.
 *
 * A conversation is read and written only by its two members: every call names it by its hash
 * and answers 404 alike for a hash that does not exist and for one the caller is not in, so
 * guessing tells nothing. Messages are numbered per conversation by the stream
 * `conversation:{hash}`, taken in the one statement that checks and stores a message (see
 * MessagesRepository.insertMessage) together with its `message.sent` event; after it committed,
 * the message is pushed to both members' `user:` channels, which reach every tab on every process.
 */
@Injectable()
export class MessagesService {
  constructor(
    private readonly repository: MessagesRepository,
    private readonly blocks: MemberBlocks,
    private readonly realtime: RealtimeService,
    private readonly relay: OutboxRelay,
  ) {}

  /** The member's side of the conversation, or 404 (no such conversation, or not the member's). */
  async enter(userId: number, hash: unknown): Promise<ConversationRow> {
    const parsed = conversationHashSchema.safeParse(hash);
    const conversation = parsed.success ? await this.repository.findByHash(parsed.data, userId) : null;
    if (!conversation) throw notFound();
    return conversation;
  }

  /** Whether the member is one of the conversation's two members (the socket commands' check). */
  async isMember(userId: number, hash: string): Promise<ConversationRow | null> {
    return this.repository.findByHash(hash, userId);
  }

  /** The two members of a conversation, for the stream heads. */
  memberIds(hash: string): Promise<number[]> {
    return this.repository.memberIds(hash);
  }

  async list(userId: number, query: string): Promise<ConversationList> {
    const folded = foldForSearch(query);
    return { conversations: await this.repository.list(userId, folded.length > 0 ? folded : null, R.listSize) };
  }

  async unread(userId: number): Promise<UnreadConversations> {
    return { count: await this.repository.unreadCount(userId) };
  }

  async view(userId: number, hash: unknown): Promise<ConversationView> {
    const conversation = await this.enter(userId, hash);
    const other = await this.repository.memberById(conversation.otherId);
    if (!other) throw notFound();
    return this.toView(userId, conversation, other);
  }

  /** The conversation with a member, or (not talked to yet) the empty one the first message starts. */
  async viewWith(userId: number, recipient: Recipient): Promise<ConversationView> {
    const other = await this.recipient(userId, recipient);
    const conversation = await this.repository.findBetween(userId, other.id);
    if (conversation) return this.toView(userId, conversation, other);
    return { hash: null, other, lastSeq: 0, readSeq: 0, otherReadSeq: 0, blockedByMe: await this.blocks.isBlocked(userId, other.id) };
  }

  async messages(userId: number, hash: unknown, query: MessagePageQuery): Promise<PrivateMessagePage> {
    const conversation = await this.enter(userId, hash);
    if (query.after !== null) {
      const rows = await this.repository.messagesAfter(conversation.id, query.after, R.catchUpPageSize + 1);
      return { messages: rows.slice(0, R.catchUpPageSize).map((row) => toPrivateMessage(conversation.hash, row)), hasMore: rows.length > R.catchUpPageSize };
    }
    const rows = await this.repository.messagesBefore(conversation.id, query.before, R.pageSize + 1);
    const page = rows.length > R.pageSize ? rows.slice(1) : rows;
    return { messages: page.map((row) => toPrivateMessage(conversation.hash, row)), hasMore: rows.length > R.pageSize };
  }

  /**
   * Stores a message and pushes it to both members after commit. Membership, the block, the send
   * limit, the number, the insert and the event are one statement; only a refusal asks again, to
   * say which it was. A send repeating the key of a stored message answers it (same sequence),
   * storing and pushing nothing; with a different text it is refused (409).
   */
  async send(userId: number, hash: unknown, send: MessageSend): Promise<PrivateMessage> {
    const parsed = conversationHashSchema.safeParse(hash);
    if (!parsed.success) throw notFound();
    const message = await this.store({ userId }, parsed.data, send);
    if (message) return message;
    const conversation = await this.enter(userId, parsed.data);
    if (await this.blocks.isBlocked(conversation.otherId, userId)) throw new AppException(HttpStatus.FORBIDDEN, M.blockedByRecipient);
    throw new AppException(HttpStatus.TOO_MANY_REQUESTS, MESSAGES.tooManyRequests);
  }

  /**
   * send for the member of a session cookie, the member resolved in the same statement (the
   * legacy `sendMessage`'s direct way): the message, or null when nothing was stored (no live
   * session, no such conversation, blocked, over the limit), for the full way to say why.
   */
  sendBySession(sessionKey: Buffer, hash: string, send: MessageSend): Promise<PrivateMessage | null> {
    return this.store({ sessionKey }, hash, send);
  }

  private async store(sender: MessageSender, hash: string, send: MessageSend): Promise<PrivateMessage | null> {
    const inserted = await this.repository.insertMessage({
      hash,
      sender,
      body: send.text,
      clientKey: send.clientKey ?? null,
      window: R.sendRateLimit,
      previewLength: R.previewLength,
    });
    if (!inserted) return null;
    const message = toPrivateMessage(hash, inserted.row);
    if (inserted.repeated) {
      if (message.text !== send.text) throw new AppException(HttpStatus.CONFLICT, SEND_KEY_MESSAGES.reused);
      return message;
    }
    const pushed = { ...message, recipientId: inserted.recipientId };
    this.realtime.toRoom([rooms.user(message.sender.id), rooms.user(inserted.recipientId)], 'message.created', pushed);
    // The statement wrote the message.sent event without a NOTIFY (see MessagesRepository): relay it
    // from here, with the other messages of the moment.
    this.relay.wakeSoon();
    return message;
  }

  /**
   * A message to a member, starting the conversation when there is none (the send-message modal,
   * the seed's `first`). A member who blocked the sender is told before any conversation is made.
   */
  async sendTo(userId: number, recipient: Recipient, send: MessageSend): Promise<PrivateMessage> {
    const other = await this.recipient(userId, recipient);
    if (await this.blocks.isBlocked(other.id, userId)) throw new AppException(HttpStatus.FORBIDDEN, M.blockedByRecipient);
    const { hash } = await this.repository.ensureBetween(userId, other.id);
    return this.send(userId, hash, send);
  }

  /**
   * Marks the conversation read up to `seq` (the newest message when null); when that moved the
   * member's read position, both members hear it: the reader's other tabs drop the unread mark,
   * the other member's move "Görüldü".
   */
  async markRead(userId: number, hash: unknown, seq: number | null): Promise<ReadState> {
    const conversation = await this.enter(userId, hash);
    const readSeq = await this.repository.markRead(conversation.id, userId, seq);
    if (readSeq === null) return { readSeq: conversation.readSeq };
    const payload = { hash: conversation.hash, readerId: userId, readSeq };
    this.realtime.toRoom([rooms.user(userId), rooms.user(conversation.otherId)], 'conversation.read', payload);
    return { readSeq };
  }

  /** Whether the member may write in the conversation now (false when the other member blocked them). */
  async maySend(userId: number, hash: unknown): Promise<boolean> {
    const conversation = await this.enter(userId, hash);
    return !(await this.blocks.isBlocked(conversation.otherId, userId));
  }

  /** Tells the other member that `userId` started or stopped typing in the conversation. */
  async setTyping(userId: number, conversation: ConversationRow, typing: boolean): Promise<void> {
    const member = await this.repository.memberById(userId);
    if (member) this.realtime.toRoom(rooms.user(conversation.otherId), 'conversation.typingChanged', { hash: conversation.hash, member, typing });
  }

  private async recipient(userId: number, recipient: Recipient): Promise<MemberCard> {
    const other = 'id' in recipient ? await this.repository.memberById(recipient.id) : await this.memberNamed(recipient.username);
    if (!other) throw new AppException(HttpStatus.NOT_FOUND, M.recipientNotFound);
    if (other.id === userId) throw new AppException(HttpStatus.BAD_REQUEST, M.toSelf);
    return other;
  }

  private async memberNamed(username: string): Promise<MemberCard | null> {
    const parsed = recipientUsernameSchema.safeParse(username);
    return parsed.success ? this.repository.memberByUsername(parsed.data) : null;
  }

  private async toView(userId: number, conversation: ConversationRow, other: MemberCard): Promise<ConversationView> {
    return {
      hash: conversation.hash,
      other,
      lastSeq: conversation.lastSeq,
      readSeq: conversation.readSeq,
      otherReadSeq: conversation.otherReadSeq,
      blockedByMe: await this.blocks.isBlocked(userId, other.id),
    };
  }
}
