import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { rooms, type RoomName, type ServerToClientEvents, type SessionEndReason } from '@seyirlik/shared-contracts';
import type { Redis } from 'ioredis';
import { PinoLogger } from 'nestjs-pino';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { createRedisClient } from '../redis/redis';
import { PROCESS_ROLE, type RealtimeServer, type RealtimeServerSideEvents, type UserDelivery } from './realtime.types';
import { type PackedUserBatch, packUserBatch, unpackPayload } from './user-batch';

type EventArgs<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

/** Emits held while the fan-out publisher is away; past this the oldest go (clients catch up from PostgreSQL). */
const MAX_HELD_EMITS = 10_000;
/** Members per message between processes in `toUsers` (packed, some tens of KB), however many members a fan-out reaches. */
const USER_BATCH_SIZE = 1_000;
const USER_BATCH: keyof RealtimeServerSideEvents = 'realtime.userBatch';

/** What both a Socket.IO server and a Redis emitter can do to a room. */
interface RoomTarget {
  to(room: string | string[]): { emit<E extends keyof ServerToClientEvents>(event: E, ...args: EventArgs<E>): unknown };
  in(room: string | string[]): { socketsJoin(room: string | string[]): void; socketsLeave(room: string | string[]): void; disconnectSockets(close?: boolean): void };
}

/**
 * The one place that emits to clients. Services call it after their transaction commits.
 * In a server process it emits through Socket.IO (reaching other processes through the Redis
 * adapter); in a worker process, which has no sockets, it publishes through a Redis emitter.
 * A worker without Redis has nobody to tell, and its emits do nothing.
 *
 * An emit made while the Redis publisher is away would reach no other process and would not be
 * tried again, so it is held and sent when the publisher is back. Nothing is sent twice: while
 * the publisher is away this process holds no sockets either (see RealtimeIoAdapter).
 */
@Injectable()
export class RealtimeService implements OnModuleInit, OnApplicationShutdown {
  private target: RoomTarget | null = null;
  private server: RealtimeServer | null = null;
  private emitterClient: Redis | null = null;
  private emitter: Emitter<ServerToClientEvents> | null = null;
  private fanOut: Redis | null = null;
  private readonly held: Array<() => void> = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PROCESS_ROLE) private readonly role: 'server' | 'worker',
    private readonly logger: PinoLogger,
  ) {}

  /** A worker connects its emitter at start, so its first event does not meet a connection still opening. */
  onModuleInit(): void {
    if (this.role !== 'worker' || !this.config.redisUrl) return;
    this.emitterClient = createRedisClient(this.config.redisUrl, 'publisher', this.logger.logger);
    this.emitter = new Emitter<ServerToClientEvents>(this.emitterClient, {
      key: `${this.config.redisPrefix}:socket.io`,
    });
    this.target = this.emitter as unknown as RoomTarget;
    this.holdWhileAway(this.emitterClient);
  }

  /** `publisher` carries this process's emits to the others: emits made while it is away wait for it. */
  holdWhileAway(publisher: Redis): void {
    this.fanOut = publisher;
    publisher.on('ready', () => {
      for (const emit of this.held.splice(0)) emit();
    });
  }

  private send(emit: () => void): void {
    if (this.fanOut === null || this.fanOut.status === 'ready') {
      emit();
      return;
    }
    if (this.held.length >= MAX_HELD_EMITS) this.held.shift();
    this.held.push(emit);
  }

  /** Called once by the gateway when Socket.IO is up. */
  attach(server: RealtimeServer): void {
    this.server = server;
    this.target = server as unknown as RoomTarget;
    if (this.config.redisUrl) server.on(USER_BATCH, (event, batch) => this.deliverLocally(event, batch));
  }

  /** Emits to a room, or once to several (one message between processes; a socket in two of them gets it once). */
  toRoom<E extends keyof ServerToClientEvents>(room: RoomName | RoomName[], event: E, ...args: EventArgs<E>): void {
    this.send(() => this.target?.to(room).emit(event, ...args));
  }

  toUser<E extends keyof ServerToClientEvents>(userId: number, event: E, ...args: EventArgs<E>): void {
    this.toRoom(rooms.user(userId), event, ...args);
  }

  /**
   * Emits `event` to many members' `user:` channels, each with a payload of its own, as one
   * message between processes per USER_BATCH_SIZE members instead of one per member, the payloads
   * packed (PackedUserBatch: what they share is sent once): every server process delivers the
   * payloads of the members it holds sockets of and skips the others. For a fan-out to thousands
   * of members, most of them offline (`toUser` costs each process a message per member).
   */
  toUsers<E extends keyof ServerToClientEvents>(event: E, deliveries: ReadonlyArray<UserDelivery<EventArgs<E>[0]>>): void {
    for (let start = 0; start < deliveries.length; start += USER_BATCH_SIZE) {
      const batch = packUserBatch(deliveries.slice(start, start + USER_BATCH_SIZE));
      this.send(() => {
        if (this.server) {
          this.deliverLocally(event, batch);
          if (this.config.redisUrl) this.server.serverSideEmit(USER_BATCH, event, batch);
        } else {
          this.emitter?.serverSideEmit(USER_BATCH, event, batch);
        }
      });
    }
  }

  /** The deliveries of a `toUsers` batch to the members with a socket on this process. */
  private deliverLocally(event: string, batch: PackedUserBatch): void {
    const server = this.server;
    if (!server) return;
    const held = server.of('/').adapter.rooms;
    batch.userIds.forEach((userId, index) => {
      const room = rooms.user(userId);
      if (held.has(room)) server.local.to(room).emit(event as keyof ServerToClientEvents, unpackPayload(batch, index) as never);
    });
  }

  /** Adds the sockets of a room (on any process) to another room, e.g. a member's sockets to a chat room. */
  addToRoom(fromRoom: RoomName | string, room: RoomName): void {
    this.send(() => this.target?.in(fromRoom).socketsJoin(room));
  }

  /** Takes the sockets of a room (on any process) out of another room, e.g. a member's sockets out of a group they left. */
  removeFromRoom(fromRoom: RoomName | string, room: RoomName): void {
    this.send(() => this.target?.in(fromRoom).socketsLeave(room));
  }

  /**
   * Takes every socket of the room whose member is not in `memberIds` (visitors too) out of it, on
   * every process: a room that narrowed who may read it. Server processes only.
   */
  async keepOnlyMembers(room: RoomName, memberIds: ReadonlySet<number>): Promise<void> {
    if (!this.server) throw new Error('only a server process holds sockets');
    const sockets = await this.server.in(room).fetchSockets();
    for (const socket of sockets) {
      if (socket.data.userId === null || !memberIds.has(socket.data.userId)) socket.leave(room);
    }
  }

  /**
   * The distinct members (visitors left out) with a socket in the room, on every process: through
   * the Redis adapter each process answers for its own sockets. Rejects when another process cannot
   * be asked (Redis away, or an answer missing after the adapter's timeout). Server processes only.
   */
  async memberIdsIn(room: RoomName): Promise<number[]> {
    if (!this.server) throw new Error('only a server process holds sockets');
    const sockets = await this.server.in(room).fetchSockets();
    return [...new Set(sockets.flatMap((socket) => (socket.data.userId === null ? [] : [socket.data.userId])))];
  }

  /** Tells the sockets of a room that their session ended, then disconnects them, on every process. */
  endSocketSessions(room: RoomName, reason: SessionEndReason): void {
    this.send(() => {
      this.target?.to(room).emit('session.ended', { reason });
      this.target?.in(room).disconnectSockets(true);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.emitterClient?.disconnect();
  }
}
