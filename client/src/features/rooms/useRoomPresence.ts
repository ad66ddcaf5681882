import type { RoomMember } from '@seyirlik/shared-contracts';
import { useState } from 'react';
import { useRealtimeEvent } from '../realtime/useRealtimeRoom';

/** Who has the room open right now, as the server last said (across every server process). */
export function useRoomPresence(code: string): readonly RoomMember[] {
  const [online, setOnline] = useState<readonly RoomMember[]>([]);
  useRealtimeEvent('room.presenceChanged', (presence) => {
    if (presence.code === code) setOnline(presence.online);
  });
  return online;
}
