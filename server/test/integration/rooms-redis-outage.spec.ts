import request from 'supertest';
import { createRoom, importRoomCatalog, signedInMember, type SignedInMember } from '../factories/rooms';
import { startCluster, type ServerProcess } from '../harness/cluster';
import { collect, connectSocket, eventually, joinRoom, type RoomSocket } from '../harness/room-client';
import { openCatalogDatabase } from '../support/catalog-database';
import { DisposableRedis } from '../support/redis-server';

describe('watch-together rooms while Redis is away', () => {
  let catalog: Awaited<ReturnType<typeof openCatalogDatabase>>;
  let redis: DisposableRedis;
  let processA: ServerProcess;
  let processB: ServerProcess;
  let creator: SignedInMember;
  let invitee: SignedInMember;
  let code: string;
  const sockets: RoomSocket[] = [];

  const addChat = (server: ServerProcess, text: string) =>
    request(server.url).post('/ajax/service').set('Cookie', creator.cookie).type('form').send({ type: 'add_chat', code, data: text });
  const getChat = (server: ServerProcess, cursor: number) =>
    request(server.url).post('/ajax/service').set('Cookie', invitee.cookie).type('form').send({ type: 'get_chat', code, id: cursor });
  const connectOrRefusal = (server: ServerProcess) =>
    connectSocket(server.url, invitee.cookie).then(
      (socket) => {
        sockets.push(socket);
        return socket;
      },
      (error: Error) => error.message,
    );

  beforeAll(async () => {
    catalog = await openCatalogDatabase();
    const { aired } = await importRoomCatalog(catalog.dataSource);
    redis = await DisposableRedis.start();
    [processA, processB] = (await startCluster(2, {
      DATABASE_URL: catalog.database.url,
      REDIS_URL: redis.url,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'error',
    })) as [ServerProcess, ServerProcess];
    creator = await signedInMember(processA.url);
    invitee = await signedInMember(processB.url);
    code = await createRoom(creator.agent, { episodeId: aired[0], title: 'Kesinti', invite: [invitee.userId] });
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    const codes = await Promise.all([processA?.stop(), processB?.stop()]);
    await redis?.stop();
    await catalog?.close();
    expect(codes).toEqual([0, 0]);
  });

  it('drops and refuses sockets, keeps storing and serving messages from PostgreSQL, and pushes again once Redis is back', async () => {
    const socket = (await connectOrRefusal(processB)) as RoomSocket;
    expect(await joinRoom(socket, code)).toEqual({ ok: true });
    const dropped = new Promise<string>((resolveDrop) => socket.once('disconnect', resolveDrop));

    await redis.stop();

    // The socket on B can no longer hear A: it is dropped as a lost transport, so its client polls.
    expect(await dropped).toBe('transport close');
    expect(await connectOrRefusal(processB)).toEqual(expect.any(String));
    const sent = await addChat(processA, 'Redis yokken');
    expect(sent.body).toMatchObject({ success: true, id: 1 });
    const polled = await getChat(processB, 0);
    expect(polled.body).toMatchObject({ success: true, id: 1 });
    expect(polled.body.theme).toContain('Redis yokken');
    expect([processA.child.exitCode, processB.child.exitCode]).toEqual([null, null]);

    await redis.restart();

    const back = await eventually(() => connectOrRefusal(processB), (result) => typeof result !== 'string', 15_000);
    expect(typeof back).toBe('object');
    const live = back as RoomSocket;
    expect(await joinRoom(live, code)).toEqual({ ok: true });
    const pushed = collect(live, 'chat.messageCreated');
    // A's side of the adapter may still be reconnecting: send until the push crosses.
    const crossed = await eventually(
      async () => {
        await addChat(processA, 'Redis geri geldi');
        await new Promise((resolveWait) => setTimeout(resolveWait, 300));
        return pushed.length;
      },
      (count) => count > 0,
      15_000,
    );
    expect(crossed).toBeGreaterThan(0);
    expect(pushed[0]).toMatchObject({ roomCode: code, text: 'Redis geri geldi' });
  });
});
