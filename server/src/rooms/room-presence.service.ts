import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ROOM_RULES, rooms } from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import { RealtimeService } from '../platform/realtime/realtime.service';
import type { RoomMembershipChange } from '../platform/realtime/room-access.registry';
import { SerialByKey } from '../platform/realtime/serial-by-key';
import { RoomsRepository } from './rooms.repository';

/**
 * Who has a room open, and who is typing in it.
 *
 * Presence is the set of members with a socket in `room:{code}` on any process, asked of every
 * process through the Redis adapter whenever a socket joins or leaves the room here, and pushed as
 * a whole list. Lists of one room are computed one at a time per process; changes that arrive
 * meanwhile are folded into one more pass, so the last list pushed is never older than the last change.
 *
 * Typing is kept by the process the member's socket talks to: a start is pushed once, then each
 * further keystroke only pushes back the stop, which comes after ROOM_RULES.typingTimeoutMs of
 * silence, on an explicit stop, or when the socket leaves the room.
 */
@Injectable()
export class RoomPresenceService implements OnModuleDestroy {
  /** Per room code: whether another pass was asked for while one runs. */
  private readonly presencePasses = new Map<string, boolean>();
  /** Per `code:userId` that is typing: the timer that ends it. */
  private readonly typingTimers = new Map<string, NodeJS.Timeout>();
  /** Per `code:userId`: typing signals applied one after another. */
  private readonly typingSignals = new SerialByKey<string>();
  private closing = false;

  constructor(
    private readonly realtime: RealtimeService,
    private readonly roomsRepository: RoomsRepository,
    private readonly logger: PinoLogger,
  ) {}

  /** Registered for `room:` sockets with the RoomAccessRegistry. */
  membershipChanged(code: string, change: RoomMembershipChange): void {
    if (this.closing) return;
    if (!change.joined && change.userId !== null) void this.setTyping(change.userId, code, false);
    this.refreshPresence(code);
  }

  /**
   * A member whose socket joined the room started (true) or stopped (false) typing. Signals of one
   * member and room are applied in the order they came, each after the previous one's push.
   */
  setTyping(userId: number, code: string, typing: boolean): Promise<void> {
    const key = `${code}:${userId}`;
    return this.typingSignals
      .run(key, () => this.applyTyping(key, userId, code, typing))
      .catch((error: unknown) => this.logger.warn({ err: error, code }, 'typing not published'));
  }

  onModuleDestroy(): void {
    this.closing = true;
    for (const timer of this.typingTimers.values()) clearTimeout(timer);
    this.typingTimers.clear();
  }

  private async applyTyping(key: string, userId: number, code: string, typing: boolean): Promise<void> {
    const previous = this.typingTimers.get(key);
    if (previous) clearTimeout(previous);
    if (typing && !this.closing) {
      const timer = setTimeout(() => void this.setTyping(userId, code, false), ROOM_RULES.typingTimeoutMs);
      timer.unref();
      this.typingTimers.set(key, timer);
    } else {
      this.typingTimers.delete(key);
    }
    // Only a change is pushed (and only then is the member read): a keystroke while typing just moved the timer.
    if (typing === (previous !== undefined)) return;
    const member = await this.roomsRepository.member(userId);
    if (member) this.realtime.toRoom(rooms.chat(code), 'room.typingChanged', { code, member, typing });
  }

  private refreshPresence(code: string): void {
    if (this.presencePasses.has(code)) {
      this.presencePasses.set(code, true);
      return;
    }
    this.presencePasses.set(code, false);
    void this.publishPresence(code).finally(() => {
      const again = this.presencePasses.get(code);
      this.presencePasses.delete(code);
      if (again && !this.closing) this.refreshPresence(code);
    });
  }

  private async publishPresence(code: string): Promise<void> {
    try {
      const online = await this.roomsRepository.membersByIds(await this.realtime.memberIdsIn(rooms.chat(code)));
      this.realtime.toRoom(rooms.chat(code), 'room.presenceChanged', { code, online });
    } catch (error) {
      // Another process could not be asked (Redis away): sockets are dropped meanwhile, and their
      // joins after Redis returns publish the list again.
      this.logger.warn({ err: error, code }, 'room presence not published');
    }
  }
}
