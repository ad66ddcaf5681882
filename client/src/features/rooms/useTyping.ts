import { ROOM_MESSAGES, ROOM_RULES, type RoomMember } from '@seyirlik/shared-contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTypingSignal } from '../../lib/useTypingSignal';
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
 * Tells the room that the viewer is typing (useTypingSignal), only over a connected socket: an
 * event Socket.IO buffered while offline would arrive long after it was true.
 */
export function useTypingAnnouncer(code: string): { typed: () => void; stopped: () => void } {
  const announce = useCallback(
    (typing: boolean) => {
      const socket = getSocket();
      if (socket.connected) socket.emit('room.typing', { code, typing });
    },
    [code],
  );
  return useTypingSignal(announce, ROOM_RULES.typingTimeoutMs);
}
