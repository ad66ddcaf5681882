import { Injectable } from '@nestjs/common';
import { parseRoom } from '@seyirlik/shared-contracts';

/** The rooms a socket asks to join; `user:` and `session:` rooms are joined by the server only. */
export type JoinableRoomKind = 'room' | 'content' | 'post' | 'flow';

/**
 * Whether the member (`userId`, or null for a visitor) may read the room with this key.
 * It answers from the database, so a check on any process gives the same answer.
 */
export type RoomAccessCheck = (userId: number | null, key: string) => Promise<boolean>;

export type RoomAccessDecision = 'allowed' | 'refused' | 'unknown';

/**
 * The policy a socket passes before `socket.join`. Each feature registers the check of the room
 * kind it owns when its module starts (comments own `content:`, watch-together rooms own `room:`),
 * so the gateway needs to know none of them.
 */
@Injectable()
export class RoomAccessRegistry {
  private readonly checks = new Map<JoinableRoomKind, RoomAccessCheck>();

  register(kind: JoinableRoomKind, check: RoomAccessCheck): void {
    if (this.checks.has(kind)) throw new Error(`room kind "${kind}" already has an access check`);
    this.checks.set(kind, check);
  }

  /** `unknown` for a malformed name, a server-only kind or a kind no feature serves. */
  async decide(userId: number | null, roomName: unknown): Promise<RoomAccessDecision> {
    if (typeof roomName !== 'string') return 'unknown';
    const room = parseRoom(roomName);
    if (!room || room.kind === 'user') return 'unknown';
    const check = this.checks.get(room.kind);
    if (!check) return 'unknown';
    return (await check(userId, room.key)) ? 'allowed' : 'refused';
  }
}
