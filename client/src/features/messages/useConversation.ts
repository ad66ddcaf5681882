import { MESSAGE_RULES, rooms, streams, type MemberCard, type PrivateMessage } from '@seyirlik/shared-contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChannelLiveState } from '../../lib/channelMembership';
import { historyStart } from '../../lib/sequencedLog';
import { useTypingSignal } from '../../lib/useTypingSignal';
import { getSocket } from '../realtime/socket';
import { useRealtimeEvent } from '../realtime/useRealtimeRoom';
import { useSequencedStream } from '../realtime/useSequencedStream';
import { conversationsKey } from './useConversations';
import { fetchMessagesAfter, fetchMessagesBefore, markConversationRead, sendPrivateMessage } from './messagesApi';

export interface ConversationThread {
  /** Live (pushed), offline (polling), joining, or refused with the server's reason. */
  live: ChannelLiveState;
  /** Oldest first, one per sequence: the older pages loaded so far, then the stream. */
  messages: readonly PrivateMessage[];
  /** Whether messages older than the first one shown exist (or may: not asked yet). */
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Loads the page before the oldest message shown. */
  loadOlder: () => void;
  /** Sends under the message's idempotency key; shown once whether the answer or the push comes first. Throws an ApiError. */
  send: (text: string, clientKey: string) => Promise<void>;
  /** The other member has read up to here ("Görüldü"). */
  otherReadSeq: number;
  /** The other member while they type, else null. */
  typing: MemberCard | null;
  /** For the write box: a keystroke, and the end of typing. */
  typed: () => void;
  stopped: () => void;
}

/**
 * An open conversation: its stream `streams.conversation(hash)` on the member's own `user:` channel
 * through useSequencedStream (live pushes; polling while the socket is out; a catch-up from the
 * last sequence held after every reconnect), starting one page before the newest message when it
 * opened; older pages on demand (TanStack Query). While it is open this tab says so to the server
 * (`conversation.view`, so no notification is made for what the member sees), marks what arrives
 * read, follows the other member's read position and typing, and announces the member's typing.
 */
export function useConversationThread(userId: number, hash: string, lastSeq: number, otherReadSeqAtOpen: number): ConversationThread {
  const [startAfter] = useState(() => historyStart(lastSeq, MESSAGE_RULES.pageSize));
  const stream = useSequencedStream({
    channel: rooms.user(userId),
    stream: streams.conversation(hash),
    event: 'message.created',
    itemOf: (message) => (message.hash === hash ? message : null),
    fetchAfter: async (after) => {
      const page = await fetchMessagesAfter(hash, after);
      return { items: page.messages, hasMore: page.hasMore };
    },
    startAfter,
  });
  const { receive } = stream;

  const [olderWanted, setOlderWanted] = useState(false);
  const older = useInfiniteQuery({
    queryKey: [...conversationsKey(userId), 'older', hash, startAfter],
    queryFn: ({ pageParam }) => fetchMessagesBefore(hash, pageParam),
    initialPageParam: startAfter + 1,
    getNextPageParam: (page) => (page.hasMore && page.messages[0] ? page.messages[0].seq : undefined),
    enabled: olderWanted && startAfter > 0,
    staleTime: Infinity,
  });
  const { fetchNextPage, hasNextPage, isFetching } = older;
  const olderPages = older.data?.pages;
  const messages = useMemo(() => {
    const loaded = (olderPages ?? []).toReversed().flatMap((page) => page.messages);
    return loaded.length === 0 ? stream.items : [...loaded, ...stream.items];
  }, [olderPages, stream.items]);
  const hasOlder = startAfter > 0 && (olderPages === undefined || hasNextPage);
  const loadOlder = useCallback(() => {
    if (isFetching) return;
    if (!olderWanted) setOlderWanted(true);
    else if (hasNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetching, olderWanted]);

  const send = useCallback(async (text: string, clientKey: string) => receive(await sendPrivateMessage(hash, { text, clientKey })), [hash, receive]);

  const [otherReadSeq, setOtherReadSeq] = useState(otherReadSeqAtOpen);
  const readUpTo = useRef(0);
  useRealtimeEvent('conversation.read', ({ hash: readHash, readerId, readSeq }) => {
    if (readHash !== hash) return;
    if (readerId === userId) readUpTo.current = Math.max(readUpTo.current, readSeq);
    else setOtherReadSeq((held) => Math.max(held, readSeq));
  });

  // What arrives while the page is visible is read (seed §4: the selected conversation's unread mark goes).
  const newestSeq = stream.items.at(-1)?.seq ?? 0;
  useEffect(() => {
    const markRead = () => {
      if (document.visibilityState !== 'visible' || newestSeq <= readUpTo.current) return;
      readUpTo.current = newestSeq;
      markConversationRead(hash, newestSeq).catch(() => {
        readUpTo.current = 0;
      });
    };
    markRead();
    document.addEventListener('visibilitychange', markRead);
    return () => document.removeEventListener('visibilitychange', markRead);
  }, [hash, newestSeq]);

  const typing = useOtherTyping(hash);
  const announce = useCallback(
    (isTyping: boolean) => {
      const socket = getSocket();
      if (socket.connected) socket.emit('conversation.typing', { hash, typing: isTyping });
    },
    [hash],
  );
  const { typed, stopped } = useTypingSignal(announce, MESSAGE_RULES.typingTimeoutMs);
  useViewing(hash);

  return { live: stream.live, messages, hasOlder, loadingOlder: isFetching, loadOlder, send, otherReadSeq, typing, typed, stopped };
}

/** The other member while they type in the conversation: until they stop, or typingTimeoutMs after their last signal. */
function useOtherTyping(hash: string): MemberCard | null {
  const [typing, setTyping] = useState<MemberCard | null>(null);
  const expiry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useRealtimeEvent('conversation.typingChanged', ({ hash: typedIn, member, typing: isTyping }) => {
    if (typedIn !== hash) return;
    clearTimeout(expiry.current);
    setTyping(isTyping ? member : null);
    if (isTyping) expiry.current = setTimeout(() => setTyping(null), MESSAGE_RULES.typingTimeoutMs);
  });
  // A message from them ends their typing.
  useRealtimeEvent('message.created', ({ hash: sentIn }) => {
    if (sentIn !== hash) return;
    clearTimeout(expiry.current);
    setTyping(null);
  });
  useEffect(() => () => clearTimeout(expiry.current), []);
  return typing;
}

/** Tells the server this tab has the conversation open: now, after every reconnect, every viewRefreshMs, and that it closed it at the end. */
function useViewing(hash: string): void {
  useEffect(() => {
    const socket = getSocket();
    const say = (viewing: boolean) => {
      if (socket.connected) socket.emit('conversation.view', { hash, viewing }, () => undefined);
    };
    const open = () => say(true);
    open();
    socket.on('connect', open);
    const refresh = setInterval(open, MESSAGE_RULES.viewRefreshMs);
    return () => {
      clearInterval(refresh);
      socket.off('connect', open);
      say(false);
    };
  }, [hash]);
}
