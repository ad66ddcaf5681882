import { Injectable } from '@nestjs/common';
import { parseRoom } from '@seyirlik/shared-contracts';

/** The rooms a socket asks to join; `user:` and `session:` rooms are joined by the server only. */
export type JoinableRoomKind = 'room' | 'content' | 'post' | 'group' | 'flow';

/**
 * Whether the member (`userId`, or null for a visitor) may read the room with this key.
 * It answers from the database, so a check on any process gives the same answer.
 */
export type RoomAccessCheck = (userId: number | null, key: string) => Promise<boolean>;

export type RoomAccessDecision = 'allowed' | 'refused' | 'unknown';

/** A socket of `userId` (null: a visitor) entered (`joined`) or left a room; a disconnect is a leave. */
export interface RoomMembershipChange {
  userId: number | null;
  joined: boolean;
}

/**
 * Told after the set of sockets in a room of the kind changed on this process (presence, for
 * instance). Runs on the gateway's path, so it must return at once and handle its own errors.
 */
export type RoomMembershipListener = (key: string, change: RoomMembershipChange) => void;

/**
 * The policy a socket passes before `socket.join`. Each feature registers the check of the room
 * kind it owns when its module starts (comments own `content:`, watch-together rooms own `room:`),
 * so the gateway needs to know none of them.
 */
@Injectable()
export class RoomAccessRegistry {
  private readonly checks = new Map<JoinableRoomKind, RoomAccessCheck>();
  private readonly listeners = new Map<JoinableRoomKind, RoomMembershipListener>();

  register(kind: JoinableRoomKind, check: RoomAccessCheck, membershipChanged?: RoomMembershipListener): void {
    if (this.checks.has(kind)) throw new Error(`room kind "${kind}" already has an access check`);
    this.checks.set(kind, check);
    if (membershipChanged) this.listeners.set(kind, membershipChanged);
  }

  /** Called by the gateway after a socket joined or left `roomName`; other names are ignored. */
  membershipChanged(roomName: string, change: RoomMembershipChange): void {
    const room = parseRoom(roomName);
    if (!room || room.kind === 'user') return;
    this.listeners.get(room.kind)?.(room.key, change);
  }

  /**
   * `unknown` for a malformed name, a session room or a kind no feature serves. A member's own
   * `user:` channel, joined at the handshake, is `allowed` (asking for it confirms it, as the
   * client's stream hook does for every channel it reads); anyone else's is `refused`.
   */
  async decide(userId: number | null, roomName: unknown): Promise<RoomAccessDecision> {
    if (typeof roomName !== 'string') return 'unknown';
    const room = parseRoom(roomName);
    if (!room) return 'unknown';
    if (room.kind === 'user') return userId !== null && room.key === String(userId) ? 'allowed' : 'refused';
    const check = this.checks.get(room.kind);
    if (!check) return 'unknown';
    return (await check(userId, room.key)) ? 'allowed' : 'refused';
  }
}
