import { ROOM_RULES, rooms, type ChatMessage } from '@seyirlik/shared-contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtimeEvent, useRealtimeRoom, type RoomLiveState } from '../realtime/useRealtimeRoom';
import { emptyChatLog, hasHole, historyStart, mergeChatMessages, type ChatArrival, type ChatLog } from './chatLog';
import { fetchChatPage, sendChatMessage } from './roomsApi';

export interface RoomChat {
  /** Live (pushed), offline (polling), joining, or refused with the server's reason. */
  live: RoomLiveState;
  /** Oldest first, one per sequence. */
  messages: readonly ChatMessage[];
  /**
   * Sends a message under its idempotency key (the same for retries of it); it shows once whether
   * its answer or its push arrives first. Throws an ApiError.
   */
  send: (text: string, clientKey: string) => Promise<void>;
}

/**
 * A room's chat along the fallback ladder (ARCHITECTURE "Real time"): messages pushed live while
 * the socket is in the room; while it is out, the messages after the last sequence held every
 * ROOM_RULES.chatPollIntervalMs; after every (re)join one catch-up from there, then polling stops.
 * Every fetch asks again while the server has more. The history starts one page before the
 * room's newest message (`roomLastSeq`) when the page opened.
 */
export function useRoomChat(code: string, roomLastSeq: number): RoomChat {
  const [log, setLog] = useState<ChatLog>(() => emptyChatLog(historyStart(roomLastSeq, ROOM_RULES.chatPageSize)));
  // The log as of now, for fetches that run across renders.
  const logRef = useRef(log);
  const mounted = useRef(true);
  const running = useRef(false);
  const again = useRef(false);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const merge = useCallback((incoming: readonly ChatMessage[], arrival: ChatArrival) => {
    logRef.current = mergeChatMessages(logRef.current, incoming, arrival);
    setLog(logRef.current);
  }, []);

  /** Fetches everything after the log's cursor; one run at a time, asked again when asked meanwhile. */
  const fetchNewer = useCallback(() => {
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    clearTimeout(retry.current);
    void (async () => {
      try {
        do {
          again.current = false;
          let hasMore = true;
          while (hasMore && mounted.current) {
            const page = await fetchChatPage(code, logRef.current.lastSeq);
            if (!mounted.current) return;
            merge(page.messages, 'fetched');
            hasMore = page.hasMore && page.messages.length > 0;
          }
        } while (again.current && mounted.current);
      } catch {
        // A failed fetch (network, server) is tried again later, whether live or polling.
        if (mounted.current) retry.current = setTimeout(fetchNewer, ROOM_RULES.chatPollIntervalMs);
      } finally {
        running.current = false;
      }
    })();
  }, [code, merge]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(retry.current);
    };
  }, []);

  /** A message that came alone (pushed, or the answer to a send); one that overtook others fetches them. */
  const receive = useCallback(
    (message: ChatMessage) => {
      merge([message], 'pushed');
      if (hasHole(logRef.current)) fetchNewer();
    },
    [merge, fetchNewer],
  );

  const live = useRealtimeRoom(rooms.chat(code), fetchNewer);

  useRealtimeEvent('chat.messageCreated', (message) => {
    if (message.roomCode === code) receive(message);
  });

  // Off the socket: ask at once (pushes may have been lost as it dropped), then on every tick.
  useEffect(() => {
    if (live.status !== 'offline') return undefined;
    fetchNewer();
    const timer = setInterval(fetchNewer, ROOM_RULES.chatPollIntervalMs);
    return () => clearInterval(timer);
  }, [live.status, fetchNewer]);

  const send = useCallback(
    async (text: string, clientKey: string) => {
      const message = await sendChatMessage(code, { text, clientKey });
      if (mounted.current) receive(message);
    },
    [code, receive],
  );

  return { live, messages: log.messages, send };
}
