import { type PrivateMessage } from '@seyirlik/shared-contracts';
import { Redis } from 'ioredis';
import request from 'supertest';
import { signedInMember, type SignedInMember } from '../factories/rooms';
import { startCluster, type ServerProcess } from '../harness/cluster';
import { collect, connectSocket, eventually, type RoomSocket } from '../harness/room-client';
import { openCatalogDatabase } from '../support/catalog-database';
import { TEST_REDIS_URL } from '../support/services';
import { uniqueRedisPrefix } from '../support/test-database';

describe('private messages across two server processes', () => {
  let catalog: Awaited<ReturnType<typeof openCatalogDatabase>>;
  let prefix: string;
  let processA: ServerProcess;
  let processB: ServerProcess;
  let alice: SignedInMember;
  let bob: SignedInMember;
  const sockets: RoomSocket[] = [];

  const socketOn = async (server: ServerProcess, member: SignedInMember) => {
    const socket = await connectSocket(server.url, member.cookie);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    catalog = await openCatalogDatabase();
    prefix = uniqueRedisPrefix();
    [processA, processB] = (await startCluster(2, {
      DATABASE_URL: catalog.database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    })) as [ServerProcess, ServerProcess];
    alice = await signedInMember(processA.url);
    bob = await signedInMember(processB.url);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    const codes = await Promise.all([processA.stop(), processB.stop()]);
    await catalog.close();
    expect(codes).toEqual([0, 0]);
  });

  it('pushes a message sent on A to the recipient’s socket on B and to the sender’s other tab on A', async () => {
    const [senderTab, recipientTab] = await Promise.all([socketOn(processA, alice), socketOn(processB, bob)]);
    const atSender = collect(senderTab, 'message.created');
    const atRecipient = collect(recipientTab, 'message.created');

    const sent = await request(processA.url).post('/api/conversations').set('Cookie', alice.cookie).send({ username: bob.username, text: 'A sürecinden selam' });

    expect(sent.status).toBe(201);
    const message = sent.body as PrivateMessage;
    await eventually(() => atSender.length + atRecipient.length, (count) => count >= 2);
    expect(atSender).toEqual([{ ...message, recipientId: bob.userId }]);
    expect(atRecipient).toEqual([{ ...message, recipientId: bob.userId }]);
  });

  it('pushes a legacy send on B to both members on A and B, and serves it to a legacy reader on A', async () => {
    const { body: opened } = await request(processA.url).get(`/api/conversations/with/${bob.username}`).set('Cookie', alice.cookie);
    const [aliceTab, bobTab] = await Promise.all([socketOn(processA, alice), socketOn(processA, bob)]);
    const atAlice = collect(aliceTab, 'message.created');
    const atBob = collect(bobTab, 'message.created');

    const sent = await request(processB.url)
      .post('/ajax/service')
      .set('Cookie', bob.cookie)
      .type('form')
      .send({ type: 'sendMessage', hash: opened.hash, message: 'B sürecinden cevap' });

    expect(sent.body).toMatchObject({ success: true, hash: opened.hash });
    await eventually(() => atAlice.length + atBob.length, (count) => count >= 2);
    expect(atAlice.map((pushed) => pushed.seq)).toEqual([sent.body.id]);
    expect(atBob.map((pushed) => pushed.seq)).toEqual([sent.body.id]);
    const polled = await request(processA.url).post('/ajax/service').set('Cookie', alice.cookie).type('form').send({ type: 'getMessage', hash: opened.hash, id: sent.body.id - 1 });
    expect(polled.body).toMatchObject({ success: true, send: true, id: sent.body.id });
    expect(polled.body.message).toContain('B sürecinden cevap');
  });

  it('clears the unread mark in a tab on A when the member reads on B', async () => {
    const { body: opened } = await request(processB.url).get(`/api/conversations/with/${alice.username}`).set('Cookie', bob.cookie);
    const otherTab = await socketOn(processA, alice);
    const reads = collect(otherTab, 'conversation.read');
    await request(processA.url).post(`/api/conversations/${opened.hash}/messages`).set('Cookie', bob.cookie).send({ text: 'okundu mu?' });

    const read = await request(processB.url).post(`/api/conversations/${opened.hash}/read`).set('Cookie', alice.cookie).send({});

    await eventually(() => reads.length, (count) => count > 0);
    expect(reads).toEqual([{ hash: opened.hash, readerId: alice.userId, readSeq: read.body.readSeq }]);
    const unread = await request(processA.url).get('/api/conversations/unread').set('Cookie', alice.cookie);
    expect(unread.body).toEqual({ count: 0 });
  });

  it('keeps a tab’s open conversation in the shared Redis, where every process reads it', async () => {
    const { body: opened } = await request(processB.url).get(`/api/conversations/with/${alice.username}`).set('Cookie', bob.cookie);
    const [row] = (await catalog.dataSource.query('SELECT id FROM conversation WHERE hash = $1', [opened.hash])) as Array<{ id: number }>;
    const tab = await socketOn(processB, bob);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const key = `${prefix}:conversation-view:${bob.userId}:${row!.id}`;
      expect(await tab.timeout(5000).emitWithAck('conversation.view', { hash: opened.hash, viewing: true })).toEqual({ ok: true });
      expect(await redis.zrange(key, 0, -1)).toEqual([tab.id]);
      tab.close();
      expect(await eventually(() => redis.zcard(key), (count) => count === 0)).toBe(0);
    } finally {
      redis.disconnect();
    }
  });
});
