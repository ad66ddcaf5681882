import {
  rooms,
  streams,
  type ChatMessage,
  type ChatPage,
  type NotificationView,
  type NotificationsAfter,
  type PrivateMessage,
  type PrivateMessagePage,
  type RoomName,
  type ServerToClientEvents,
  type StreamName,
} from '@seyirlik/shared-contracts';
import { addNotifications, notificationsOf } from '../../../client/src/features/notifications/notificationList';
import type { Sequenced } from '../../../client/src/lib/sequencedLog';
import { SequencedStream, type SequencedPage } from '../../../client/src/lib/sequencedStream';
import { reconnectingSocket, type RoomSocket } from './room-client';

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

export interface StreamClientOptions<E extends keyof ServerToClientEvents, T extends Sequenced, S> {
  /** Where the member's browser would reach the site (asked anew for each reconnect and poll). */
  url: () => string;
  cookie: string;
  /** The channel the stream's events come on (`room:{code}`, `user:{id}`). */
  channel: RoomName;
  /** The stream its items are numbered in. */
  stream: StreamName;
  /** The event that pushes one item. */
  event: E;
  /** The stream's item in a pushed event (its key, `seq`, is what `pushed` records), or null for another stream's. */
  itemOf: (...payload: Payload<E>) => T | null;
  /** The items after `after`, over HTTP with the member's cookie (see `fetchPage`), as the client's hook asks for them. */
  fetchAfter: (after: number) => Promise<SequencedPage<T>>;
  /** What the member sees of the stream's items (the items themselves unless told). */
  shownOf?: (items: readonly T[]) => S;
  pollIntervalMs: number;
  /** The heartbeat's period; the client's own by default. */
  headsIntervalMs?: number;
}

/**
 * A member's browser tab in Node with one live stream: a reconnecting socket.io client and the
 * React client's own stream driver (`SequencedStream` from client/src/lib) over it, on `channel`,
 * fetching the items after its cursor as the client's hook does. It only records how each item came
 * (`pushed`, `polled`, by sequence); what is shown, when it polls and when it catches up is the
 * shipped code's.
 */
export class StreamClient<E extends keyof ServerToClientEvents, T extends Sequenced, S = readonly T[]> {
  readonly pushed = new Set<number>();
  readonly polled = new Set<number>();
  readonly socket: RoomSocket;
  private readonly stream: SequencedStream<E, T>;
  private readonly shownOf: (items: readonly T[]) => S;

  constructor(options: StreamClientOptions<E, T, S>) {
    this.shownOf = options.shownOf ?? ((items) => items as unknown as S);
    this.socket = reconnectingSocket(options.url, options.cookie);
    this.socket.on(options.event, ((...payload: Payload<E>) => {
      const item = options.itemOf(...payload);
      if (item) this.pushed.add(item.seq);
    }) as never);
    this.stream = new SequencedStream({
      socket: this.socket,
      channel: options.channel,
      stream: options.stream,
      event: options.event,
      itemOf: options.itemOf,
      fetchAfter: async (after) => {
        const page = await options.fetchAfter(after);
        for (const item of page.items) this.polled.add(item.seq);
        return page;
      },
      pollIntervalMs: options.pollIntervalMs,
      headsIntervalMs: options.headsIntervalMs,
    });
    this.stream.start();
  }

  /** The stream's items in display order. */
  get items(): readonly T[] {
    return this.stream.snapshot.log.items;
  }

  /** What the member sees. */
  get shown(): S {
    return this.shownOf(this.items);
  }

  get shownSeqs(): number[] {
    return this.items.map((item) => item.seq);
  }

  get live(): boolean {
    return this.stream.snapshot.live.status === 'live';
  }

  get polling(): boolean {
    return this.stream.polling;
  }

  /** Cuts a connected socket's transport as a network failure would; the client reconnects by itself. */
  cutConnection(): void {
    if (this.socket.connected) this.socket.io.engine.close();
  }

  stop(): void {
    this.stream.stop();
    this.socket.close();
  }
}

/** GET `path` on the site with the member's cookie; answers the JSON body, throws on an error status. */
export async function fetchPage<B>(url: () => string, cookie: string, path: string): Promise<B> {
  const response = await fetch(`${url()}${path}`, { headers: { Cookie: cookie } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as B;
}

interface TabOptions {
  url: () => string;
  cookie: string;
  pollIntervalMs: number;
  headsIntervalMs?: number;
}

export type ChatStreamClient = StreamClient<'chat.messageCreated', ChatMessage>;

/** A tab with a room's chat, fetching the JSON twin of `get_chat`, as `useRoomChat` does. */
export function chatStreamClient({ code, ...tab }: TabOptions & { code: string }): ChatStreamClient {
  return new StreamClient({
    ...tab,
    channel: rooms.chat(code),
    stream: streams.roomChat(code),
    event: 'chat.messageCreated',
    itemOf: (message) => (message.roomCode === code ? message : null),
    fetchAfter: async (after) => {
      const page = await fetchPage<ChatPage>(tab.url, tab.cookie, `/api/rooms/${code}/messages?after=${after}`);
      return { items: page.messages, hasMore: page.hasMore };
    },
  });
}

export type ConversationStreamClient = StreamClient<'message.created', PrivateMessage>;

/** A tab with a conversation open, on the member's `user:` channel, as `useConversationThread` does. */
export function conversationStreamClient({ userId, hash, ...tab }: TabOptions & { userId: number; hash: string }): ConversationStreamClient {
  return new StreamClient({
    ...tab,
    channel: rooms.user(userId),
    stream: streams.conversation(hash),
    event: 'message.created',
    itemOf: (message) => (message.hash === hash ? message : null),
    fetchAfter: async (after) => {
      const page = await fetchPage<PrivateMessagePage>(tab.url, tab.cookie, `/api/conversations/${hash}/messages?after=${after}`);
      return { items: page.messages, hasMore: page.hasMore };
    },
  });
}

/** A notification as the member sees it in the header's list. */
export type ShownNotification = { id: number; seq: number; text: string };
export type NotificationStreamClient = StreamClient<'notification.created', NotificationView, ShownNotification[]>;

/**
 * A tab with the header's notification stream, on the member's `user:` channel, as
 * `useLiveNotifications` does. What it shows is the stream's items put into an empty list by the
 * header's own list code (each notification once, in its newest version, newest first).
 */
export function notificationStreamClient({ userId, ...tab }: TabOptions & { userId: number }): NotificationStreamClient {
  return new StreamClient({
    ...tab,
    channel: rooms.user(userId),
    stream: streams.notifications(userId),
    event: 'notification.created',
    itemOf: ({ notification }) => notification,
    fetchAfter: async (after) => {
      const page = await fetchPage<NotificationsAfter>(tab.url, tab.cookie, `/api/notifications/after?after=${after}`);
      return { items: page.notifications, hasMore: page.hasMore };
    },
    shownOf: (items) => {
      const empty = { pages: [{ notifications: [], page: 1, hasMore: false, unreadCount: 0, lastSeq: 0 }], pageParams: [1] };
      return notificationsOf(addNotifications(empty, items)).map(({ id, seq, text }) => ({ id, seq, text }));
    },
  });
}
