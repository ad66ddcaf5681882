import { Injectable } from '@nestjs/common';
import { parseStream, streamHeadsRequestSchema, type StreamHeadsReply, type StreamKind, type StreamName } from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { StreamSequenceRepository } from '../database/stream-sequence.repository';
import type { RealtimeSocket } from './realtime.types';

/**
 * The channels a stream of one kind is delivered on, from its key: `room:{code}` for a room's chat;
 * both members' `user:` channels for a conversation (which may ask the database who they are).
 */
export type StreamChannels = (key: string) => readonly string[] | Promise<readonly string[]>;

/**
 * Answers `stream.heads`, the heartbeat of live clients: the newest sequence of each listed stream
 * the socket may read, so a client whose push was lost notices it without waiting for a later
 * message. A socket may read a stream when it has joined one of the stream's channels (a channel
 * is joined only after its feature's access check). Each feature registers the channels of the
 * stream kinds it owns when its module starts; the heads themselves are one query.
 */
@Injectable()
export class StreamHeads {
  private readonly channelsOf = new Map<StreamKind, StreamChannels>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly sequences: StreamSequenceRepository,
    private readonly logger: PinoLogger,
  ) {}

  register(kind: StreamKind, channels: StreamChannels): void {
    if (this.channelsOf.has(kind)) throw new Error(`stream kind "${kind}" already has its channels`);
    this.channelsOf.set(kind, channels);
  }

  /** Streams the socket may not read, malformed requests and unknown names are left out of the answer. */
  async answer(socket: RealtimeSocket, payload: unknown): Promise<StreamHeadsReply> {
    const parsed = streamHeadsRequestSchema.safeParse(payload);
    if (!parsed.success) return { heads: {} };
    try {
      const asked = [...new Set(parsed.data.streams)];
      const readable = (await Promise.all(asked.map(async (name) => ((await this.mayRead(socket, name)) ? name : null)))).filter(
        (name): name is StreamName => name !== null,
      );
      if (readable.length === 0) return { heads: {} };
      return { heads: Object.fromEntries(await this.sequences.heads(this.dataSource.manager, readable)) };
    } catch (error) {
      // The client asks again on its next beat; its polling covers the time the socket is down.
      this.logger.warn({ err: error }, 'stream heads failed');
      return { heads: {} };
    }
  }

  private async mayRead(socket: RealtimeSocket, name: string): Promise<boolean> {
    const stream = parseStream(name);
    const channels = stream && this.channelsOf.get(stream.kind);
    if (!stream || !channels) return false;
    return (await channels(stream.key)).some((channel) => socket.rooms.has(channel));
  }
}
