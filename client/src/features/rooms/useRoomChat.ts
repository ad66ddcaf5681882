import { ROOM_RULES, rooms, streams, type ChatMessage } from '@seyirlik/shared-contracts';
import { useCallback } from 'react';
import type { ChannelLiveState } from '../../lib/channelMembership';
import { historyStart } from '../../lib/sequencedLog';
import { useSequencedStream } from '../realtime/useSequencedStream';
import { fetchChatPage, sendChatMessage } from './roomsApi';

export interface RoomChat {
  /** Live (pushed), offline (polling), joining, or refused with the server's reason. */
  live: ChannelLiveState;
  /** Oldest first, one per sequence. */
  messages: readonly ChatMessage[];
  /**
   * Sends a message under its idempotency key (the same for retries of it); it shows once whether
   * its answer or its push arrives first. Throws an ApiError.
   */
  send: (text: string, clientKey: string) => Promise<void>;
}

/**
 * A room's chat: the stream `streams.roomChat(code)` delivered on the room's channel, along the
 * fallback ladder of useSequencedStream (polling `get_chat`'s JSON twin every
 * ROOM_RULES.chatPollIntervalMs while the socket is out). The history starts one page before the
 * room's newest message (`roomLastSeq`) when the page opened.
 */
export function useRoomChat(code: string, roomLastSeq: number): RoomChat {
  const chat = useSequencedStream({
    channel: rooms.chat(code),
    stream: streams.roomChat(code),
    event: 'chat.messageCreated',
    itemOf: (message) => (message.roomCode === code ? message : null),
    fetchAfter: async (after) => {
      const page = await fetchChatPage(code, after);
      return { items: page.messages, hasMore: page.hasMore };
    },
    startAfter: historyStart(roomLastSeq, ROOM_RULES.chatPageSize),
    pollIntervalMs: ROOM_RULES.chatPollIntervalMs,
  });
  const { receive } = chat;

  const send = useCallback(
    async (text: string, clientKey: string) => receive(await sendChatMessage(code, { text, clientKey })),
    [code, receive],
  );

  return { live: chat.live, messages: chat.items, send };
}
