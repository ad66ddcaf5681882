import { MESSAGES, REALTIME_MESSAGES } from '@seyirlik/shared-contracts';
import type { PinoLogger } from 'nestjs-pino';
import type { z } from 'zod';
import { AppException, parseInput } from '../http/app-exception';
import type { RealtimeSocket } from './realtime.types';

/** A command's refusal, answered through the acknowledgement with a Turkish reason. */
export interface SocketRefusal {
  ok: false;
  message: string;
}

/** Who sent a command: the socket, and its member (always there when the command requires one). */
export interface SocketCaller<Member extends boolean> {
  socket: RealtimeSocket;
  userId: Member extends true ? number : number | null;
}

/** One socket command: what it reads, whom it admits, what it does. */
export interface SocketCommand<S extends z.ZodType, Member extends boolean, Reply> {
  /** The event, for the log. */
  event: string;
  /** Reads the payload; the first problem's Turkish message is the refusal. */
  schema: S;
  /** Only a member's socket may send it; a visitor's is refused with the login text. */
  member: Member;
  /** The channel (Socket.IO room) the socket must have joined for this input; refused otherwise. */
  channel?: (input: z.output<S>) => string;
  /** A signal without an answer (typing, leaving): refusals are dropped and nothing is acknowledged. */
  silent?: boolean;
  run(input: z.output<S>, caller: SocketCaller<Member>): Promise<Reply>;
}

/**
 * Runs a socket command the one way every gateway handler does: requires a member and the joined
 * channel where the command says so, parses the payload with its shared schema, and maps an error
 * to a Turkish refusal (an unexpected one is logged and answered with the general text). A silent
 * command answers nothing at all.
 */
export async function runSocketCommand<S extends z.ZodType, Member extends boolean, Reply>(
  socket: RealtimeSocket,
  payload: unknown,
  command: SocketCommand<S, Member, Reply>,
  logger: PinoLogger,
): Promise<Reply | SocketRefusal | undefined> {
  const refuse = (message: string): SocketRefusal | undefined => (command.silent ? undefined : { ok: false, message });
  try {
    const userId = socket.data.userId;
    if (command.member && userId === null) return refuse(MESSAGES.loginRequired);
    const input = parseInput(command.schema, payload);
    if (command.channel && !socket.rooms.has(command.channel(input))) return refuse(REALTIME_MESSAGES.roomRefused);
    return await command.run(input, { socket, userId } as SocketCaller<Member>);
  } catch (error) {
    if (error instanceof AppException) return refuse((error.getResponse() as { message: string }).message);
    logger.error({ err: error, event: command.event }, 'socket command failed');
    return refuse(MESSAGES.serverError);
  }
}
