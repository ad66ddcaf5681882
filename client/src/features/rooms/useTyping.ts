import { ROOM_MESSAGES, ROOM_RULES, type RoomMember } from '@seyirlik/shared-contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getSocket } from '../realtime/socket';
import { useRealtimeEvent } from '../realtime/useRealtimeRoom';

/** "Ayşe yazıyor…", "Birkaç kişi yazıyor…", or null when nobody types. */
export function typingTextOf(members: readonly RoomMember[]): string | null {
  if (members.length === 0) return null;
  return members.length === 1 ? ROOM_MESSAGES.typingOne(members[0]!.profileName) : ROOM_MESSAGES.typingMany;
}

/**
 * The others typing in the room, as the server says: it pushes a start, and a stop after
 * ROOM_RULES.typingTimeoutMs without a keystroke or when the member's socket leaves. A member no
 * longer present is dropped too, in case their stop was lost with their server process.
 */
export function useTypingMembers(code: string, viewerId: number | null, online: readonly RoomMember[]): readonly RoomMember[] {
  const [typing, setTyping] = useState<readonly RoomMember[]>([]);

  useRealtimeEvent('room.typingChanged', ({ code: roomCode, member, typing: isTyping }) => {
    if (roomCode !== code || member.id === viewerId) return;
    setTyping((members) => [...members.filter((held) => held.id !== member.id), ...(isTyping ? [member] : [])]);
  });

  useEffect(() => {
    const present = new Set(online.map((member) => member.id));
    setTyping((members) => {
      const still = members.filter((member) => present.has(member.id));
      return still.length === members.length ? members : still;
    });
  }, [online]);

  return typing;
}

/**
 * Tells the room that the viewer is typing: at a keystroke, again every half typing timeout while
 * the keystrokes go on (so the others' indicator does not expire), and "stopped" after a full
 * timeout without one or when the message is sent. Only over a connected socket: an event
 * Socket.IO buffered while offline would arrive long after it was true.
 */
export function useTypingAnnouncer(code: string): { typed: () => void; stopped: () => void } {
  const lastAnnounced = useRef<number | null>(null);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const announce = useCallback(
    (typing: boolean) => {
      const socket = getSocket();
      if (socket.connected) socket.emit('room.typing', { code, typing });
    },
    [code],
  );

  const stopped = useCallback(() => {
    clearTimeout(idle.current);
    if (lastAnnounced.current === null) return;
    lastAnnounced.current = null;
    announce(false);
  }, [announce]);

  const typed = useCallback(() => {
    const now = Date.now();
    if (lastAnnounced.current === null || now - lastAnnounced.current >= ROOM_RULES.typingTimeoutMs / 2) {
      lastAnnounced.current = now;
      announce(true);
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(stopped, ROOM_RULES.typingTimeoutMs);
  }, [announce, stopped]);

  // Leaving the page mid-sentence is stopping.
  useEffect(() => stopped, [stopped]);

  return { typed, stopped };
}
