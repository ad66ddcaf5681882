import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@seyirlik/shared-contracts';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import { hashToken } from '../../src/accounts/tokens';
import { insertMembers } from './audience';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A flow post written straight to the database (the flow's own endpoints make them in the app); answers its id. */
export async function insertPost(dataSource: DataSource, authorId: number, kind: 'post' | 'poll' = 'post', groupId: number | null = null): Promise<number> {
  const [row] = (await dataSource.query("INSERT INTO flow_post (author_id, group_id, kind, body) VALUES ($1, $2, $3, 'Gönderi') RETURNING id", [
    authorId,
    groupId,
    kind,
  ])) as Array<{ id: string }>;
  return Number(row!.id);
}

/**
 * `count` members with a live session each, written straight to the database (registering each
 * through the API would only measure argon2); answers their ids and the Cookie header of each.
 */
export async function insertSignedInMembers(dataSource: DataSource, count: number): Promise<Array<{ id: number; cookie: string }>> {
  const ids = await insertMembers(dataSource, count);
  const members = ids.map((id) => ({ id, token: randomBytes(32).toString('base64url') }));
  await dataSource.query(
    `INSERT INTO user_session (user_id, token_hash, remember, expires_at)
     SELECT unnest($1::int[]), unnest($2::bytea[]), true, now() + interval '1 day'`,
    [members.map((member) => member.id), members.map((member) => hashToken(member.token))],
  );
  return members.map(({ id, token }) => ({ id, cookie: `${SESSION_COOKIE}=${token}` }));
}

/** A socket on `baseUrl` (a member's when `cookie` is given) that joined `channel`. */
export async function viewerSocket(baseUrl: string, channel: string, cookie?: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(baseUrl, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, extraHeaders: cookie ? { Cookie: cookie } : {} });
  await new Promise<void>((resolveConnect, reject) => {
    socket.once('connect', resolveConnect);
    socket.once('connect_error', reject);
  });
  const reply = await socket.timeout(5000).emitWithAck('room.join', { room: channel });
  if (!reply.ok) throw new Error(`could not join ${channel}: ${reply.message}`);
  return socket;
}

/** Every push of `event` on `socket` from now on, in arrival order. */
export function recordPushes<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E): Array<Parameters<ServerToClientEvents[E]>[0]> {
  const seen: Array<Parameters<ServerToClientEvents[E]>[0]> = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => seen.push(payload)) as never);
  return seen;
}

/** Resolves with `check`'s first truthy answer, asking every 25 ms for up to `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolveWait) => setTimeout(resolveWait, 25));
  }
}
