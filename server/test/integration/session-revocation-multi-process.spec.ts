import { Redis } from 'ioredis';
import request from 'supertest';
import { createRoom, importRoomCatalog, signedInMember, type SignedInMember } from '../factories/rooms';
import { startServerProcess, type ServerProcess } from '../harness/cluster';
import { collect, connectSocket, eventually, joinRoom, type RoomSocket } from '../harness/room-client';
import { openCatalogDatabase } from '../support/catalog-database';
import { DisposableRedis } from '../support/redis-server';
import { uniqueRedisPrefix } from '../support/test-database';

/** Process B reaches Redis as this user, so the test can tell its connections apart and keep them out. */
const REPLICA_B_USER = 'replica-b';

/** Resolves with the disconnect reason, or rejects when the socket is still connected after `ms`. */
function disconnectedWithin(socket: RoomSocket, ms: number): Promise<string> {
  return new Promise((resolveDisconnect, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still connected ${ms} ms after the logout`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolveDisconnect(reason);
    });
  });
}

describe('a logout whose Redis publish is lost (two server processes)', () => {
  let catalog: Awaited<ReturnType<typeof openCatalogDatabase>>;
  let redis: DisposableRedis;
  let redisAdmin: Redis;
  let processA: ServerProcess;
  let processB: ServerProcess;
  let creator: SignedInMember;
  let reader: SignedInMember;
  let code: string;
  const sockets: RoomSocket[] = [];

  const socketOn = async (server: ServerProcess, member: SignedInMember) => {
    const socket = await connectSocket(server.url, member.cookie);
    sockets.push(socket);
    return socket;
  };

  /** The Redis client ids of process B's connections of one role (its connection name). */
  const replicaBConnections = async (name: string): Promise<string[]> => {
    const list = (await redisAdmin.call('CLIENT', 'LIST')) as string;
    return list
      .trim()
      .split('\n')
      .map((line) => Object.fromEntries(line.split(' ').map((field) => field.split('=') as [string, string])))
      .filter((client) => client.user === REPLICA_B_USER && client.name === name)
      .map((client) => client.id!);
  };

  beforeAll(async () => {
    catalog = await openCatalogDatabase();
    const { aired } = await importRoomCatalog(catalog.dataSource);
    redis = await DisposableRedis.start();
    redisAdmin = new Redis(redis.url);
    await redisAdmin.call('ACL', 'SETUSER', REPLICA_B_USER, 'on', '>replica-b-secret', '~*', '&*', '+@all');
    const env = {
      DATABASE_URL: catalog.database.url,
      REDIS_PREFIX: uniqueRedisPrefix(),
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      SESSION_RECHECK_SECONDS: '1',
    };
    processA = await startServerProcess({ ...env, REDIS_URL: redis.url });
    processB = await startServerProcess({ ...env, REDIS_URL: `redis://${REPLICA_B_USER}:replica-b-secret@127.0.0.1:${redis.port}` });
    creator = await signedInMember(processA.url);
    reader = await signedInMember(processB.url);
    code = await createRoom(creator.agent, { episodeId: aired[0], title: 'Özel oda', invite: [reader.userId] });
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await redisAdmin?.call('ACL', 'SETUSER', REPLICA_B_USER, 'on');
    await Promise.all([processA?.stop(), processB?.stop()]);
    redisAdmin?.disconnect();
    await redis?.stop();
    await catalog?.close();
  });

  it('cuts the member’s socket on A within seconds when they log out on B while B’s publisher is away', async () => {
    const readerSocket = await socketOn(processA, reader);
    const creatorSocket = await socketOn(processA, creator);
    expect(await joinRoom(readerSocket, code)).toEqual({ ok: true });
    expect(await joinRoom(creatorSocket, code)).toEqual({ ok: true });
    const readerSees = collect(readerSocket, 'chat.messageCreated');
    const creatorSees = collect(creatorSocket, 'chat.messageCreated');
    const ended = collect(readerSocket, 'session.ended');

    // B's publisher is killed and cannot come back (its Redis user is refused meanwhile):
    // every publish of B is lost, as during a reconnect.
    await redisAdmin.call('ACL', 'SETUSER', REPLICA_B_USER, 'off');
    const [publisher, ...others] = await replicaBConnections('seyirlik-publisher');
    expect(others).toEqual([]);
    await redisAdmin.call('CLIENT', 'KILL', 'ID', publisher!);
    expect(await replicaBConnections('seyirlik-publisher')).toEqual([]);

    const logout = await reader.agent.post('/api/auth/logout');
    expect(logout.status).toBe(200);
    expect((await request(processB.url).get('/api/me').set('Cookie', reader.cookie)).status).toBe(401);

    // A's sessions are checked again every second (SESSION_RECHECK_SECONDS=1); the rest of the wait is
    // room for a machine busy with the whole suite, where a check was seen to come over 5 s late.
    await expect(disconnectedWithin(readerSocket, 10_000)).resolves.toBe('io server disconnect');
    expect(ended).toEqual([{ reason: 'expired' }]);
    // Sentinel: a message sent after the cut reaches the other member on A, and not the logged-out one.
    const sentinel = await request(processA.url)
      .post('/ajax/service')
      .set('Cookie', creator.cookie)
      .type('form')
      .send({ type: 'add_chat', code, data: 'çıkıştan sonra' });
    expect(sentinel.body).toMatchObject({ success: true, id: expect.any(Number) });
    const creatorTexts = await eventually(
      () => creatorSees.map((message) => message.text),
      (texts) => texts.includes('çıkıştan sonra'),
    );
    expect(creatorTexts).toContain('çıkıştan sonra');
    expect(readerSees.map((message) => message.text)).not.toContain('çıkıştan sonra');
  });
});
