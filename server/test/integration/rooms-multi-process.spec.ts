import type { ChatMessage } from '@seyirlik/shared-contracts';
import request from 'supertest';
import { createRoom, importRoomCatalog, signedInMember, type SignedInMember } from '../factories/rooms';
import { startCluster, startServerProcess, type ServerProcess } from '../harness/cluster';
import { collect, connectSocket, eventually, joinRoom, type RoomSocket } from '../harness/room-client';
import { chatStreamClient } from '../harness/stream-client';
import { openCatalogDatabase } from '../support/catalog-database';
import { TEST_REDIS_URL } from '../support/services';
import { uniqueRedisPrefix } from '../support/test-database';

describe('watch-together rooms across two server processes', () => {
  let catalog: Awaited<ReturnType<typeof openCatalogDatabase>>;
  let env: Record<string, string>;
  let processA: ServerProcess;
  let processB: ServerProcess;
  let creator: SignedInMember;
  let invitee: SignedInMember;
  let code: string;
  const sockets: RoomSocket[] = [];

  const socketOn = async (server: ServerProcess, member: SignedInMember) => {
    const socket = await connectSocket(server.url, member.cookie);
    sockets.push(socket);
    return socket;
  };

  /** What a legacy client of `member` gets from get_chat on `server`. */
  const legacyPoll = (server: ServerProcess, member: SignedInMember, cursor: number) =>
    request(server.url).post('/ajax/service').set('Cookie', member.cookie).type('form').send({ type: 'get_chat', code, id: cursor });

  beforeAll(async () => {
    catalog = await openCatalogDatabase();
    const { aired } = await importRoomCatalog(catalog.dataSource);
    env = { DATABASE_URL: catalog.database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: uniqueRedisPrefix(), TRUST_PROXY: 'true', LOG_LEVEL: 'warn' };
    [processA, processB] = (await startCluster(2, env)) as [ServerProcess, ServerProcess];
    creator = await signedInMember(processA.url);
    invitee = await signedInMember(processB.url);
    code = await createRoom(creator.agent, { episodeId: aired[0], title: 'İki süreç', invite: [invitee.userId] });
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    const codes = await Promise.all([processA.stop(), processB.stop()]);
    await catalog.close();
    expect(codes).toEqual([0, 0]);
  });

  it('pushes a message sent through add_chat on A to a member’s socket on B, and serves it to a legacy poller on B', async () => {
    const socket = await socketOn(processB, invitee);
    expect(await joinRoom(socket, code)).toEqual({ ok: true });
    const pushed = collect(socket, 'chat.messageCreated');

    const sent = await request(processA.url)
      .post('/ajax/service')
      .set('Cookie', creator.cookie)
      .type('form')
      .send({ type: 'add_chat', code, data: 'A sürecinden selam' });

    expect(sent.body).toMatchObject({ success: true, id: expect.any(Number) });
    const [message] = await eventually(() => pushed, (seen) => seen.length > 0);
    expect(message).toMatchObject({ seq: sent.body.id, roomCode: code, text: 'A sürecinden selam', author: { id: creator.userId } });
    const polled = await legacyPoll(processB, invitee, sent.body.id - 1);
    expect(polled.body).toMatchObject({ success: true, id: sent.body.id });
    expect(polled.body.theme).toContain(`data-id="${sent.body.id}"`);
    expect(polled.body.theme).toContain('A sürecinden selam');
  });

  it('carries a playback command given on A to a socket on B', async () => {
    const controller = await socketOn(processA, creator);
    const follower = await socketOn(processB, invitee);
    await joinRoom(controller, code);
    await joinRoom(follower, code);
    const pushed = collect(follower, 'room.playbackChanged');

    const reply = await controller.timeout(5000).emitWithAck('room.playback', { code, action: 'pause', positionSeconds: 751 });

    expect(reply).toMatchObject({ ok: true, playback: { status: 'paused', positionSeconds: 751 } });
    const [change] = await eventually(() => pushed, (seen) => seen.length > 0);
    expect(change).toEqual({ code, playback: reply.ok ? reply.playback : null });
    expect(change!.playback.lastAction).toMatchObject({ action: 'pause', by: { id: creator.userId } });
  });

  it('shows members connected to either process as present, and drops one who leaves', async () => {
    const onA = await socketOn(processA, creator);
    const onB = await socketOn(processB, invitee);
    const seenOnA = collect(onA, 'room.presenceChanged');
    const seenOnB = collect(onB, 'room.presenceChanged');
    const online = (seen: typeof seenOnA) => () => (seen.at(-1)?.online ?? []).map((member) => member.id).sort((a, b) => a - b);
    const both = [creator.userId, invitee.userId].sort((a, b) => a - b);

    await joinRoom(onA, code);
    await joinRoom(onB, code);

    expect(await eventually(online(seenOnA), (ids) => ids.length === 2)).toEqual(both);
    expect(await eventually(online(seenOnB), (ids) => ids.length === 2)).toEqual(both);
    // Only the sockets of this test are left in the room once the earlier ones are gone.
    sockets.filter((socket) => socket !== onA && socket !== onB).forEach((socket) => socket.close());
    onB.close();
    expect(await eventually(online(seenOnA), (ids) => ids.length === 1)).toEqual([creator.userId]);
  });

  it('reconnects the members of a process that died to the other one, where they catch up', async () => {
    const processC = await startServerProcess(env);
    // The load balancer: C while it lives; after it died, A only once the test lets it.
    let balancedTo = processC.url;
    const client = chatStreamClient({ url: () => balancedTo, cookie: invitee.cookie, code, pollIntervalMs: 300 });
    try {
      await eventually(() => client.live, Boolean);

      processC.child.kill('SIGKILL');
      await eventually(() => client.live, (live) => !live);
      const sent: ChatMessage[] = [];
      for (const text of ['C düştü', 'hâlâ buradayız']) {
        sent.push((await creator.agent.post(`/api/rooms/${code}/messages`).send({ text })).body as ChatMessage);
      }
      balancedTo = processA.url;

      await eventually(() => client.live, Boolean);
      const last = sent.at(-1)!.seq;
      expect(await eventually(() => client.shownSeqs, (seqs) => seqs.at(-1) === last)).toEqual(Array.from({ length: last }, (_, index) => index + 1));
      expect(client.shown.slice(-2).map((message) => message.text)).toEqual(['C düştü', 'hâlâ buradayız']);
      expect(sent.every((message) => client.polled.has(message.seq) && !client.pushed.has(message.seq))).toBe(true);
      expect(client.polling).toBe(false);
    } finally {
      client.stop();
      await processC.stop();
    }
  });
});
