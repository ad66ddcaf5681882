import {
  MESSAGES,
  REALTIME_MESSAGES,
  ROOM_MESSAGES as M,
  ROOM_RULES,
  WATCH_MESSAGES,
  rooms,
  streams,
  type ChatMessage,
  type RoomDetail,
} from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { DomainEvents } from '../../src/platform/events/domain-events';
import { StreamSequenceRepository } from '../../src/platform/database/stream-sequence.repository';
import { RealtimeService } from '../../src/platform/realtime/realtime.service';
import type { RoomInvitedEvent } from '../../src/rooms/room-events';
import { visitorAgent } from '../factories/members';
import { createRoom, importRoomCatalog, signedInMember, type MemberAgent, type SignedInMember } from '../factories/rooms';
import { collect, connectSocket, eventually, joinRoom, nothingWithin, type RoomSocket } from '../harness/room-client';
import { startTestApp, type TestApp } from '../support/test-app';

describe('watch-together rooms', () => {
  let sut: TestApp;
  let db: DataSource;
  let aired: [number, number];
  let unaired: number;
  let creator: SignedInMember;
  let invitee: SignedInMember;
  let outsider: SignedInMember;
  let code: string;
  const invited: RoomInvitedEvent[] = [];
  const sockets: RoomSocket[] = [];

  /** Everything a room write could change. */
  const snapshot = async () =>
    (
      await db.query(`SELECT (SELECT count(*) FROM watch_room)::int AS rooms,
                             (SELECT count(*) FROM watch_room_member)::int AS members,
                             (SELECT count(*) FROM watch_room_message)::int AS messages,
                             (SELECT coalesce(sum(last_seq), 0) FROM stream_sequence WHERE stream LIKE 'room-chat:%')::int AS sequences,
                             (SELECT coalesce(sum(playback_version), 0) FROM watch_room)::int AS versions`)
    )[0] as Record<string, number>;

  const legacy = (agent: MemberAgent | ReturnType<typeof visitorAgent>, fields: Record<string, unknown>) =>
    agent.post('/ajax/service').type('form').send(fields);

  const socketOf = async (member: SignedInMember | null) => {
    const socket = await connectSocket(sut.baseUrl, member?.cookie);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    db = sut.server.app.get(DataSource);
    ({ aired, unaired } = await importRoomCatalog(db));
    [creator, invitee, outsider] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
    sut.server.app.get(DomainEvents).subscribe('room.invited', 'test.invitations', (event) => void invited.push(event));
    code = await createRoom(creator.agent, { episodeId: aired[0], title: 'Cuma gecesi', invite: [invitee.userId] });
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await sut.close();
  });

  describe('creating a room', () => {
    it('requires authentication on both surfaces', async () => {
      const before = await snapshot();
      const json = await visitorAgent(sut.baseUrl).post('/api/rooms').send({ episodeId: aired[0], title: 'Oda' });
      const old = await legacy(visitorAgent(sut.baseUrl), { type: 'create_room', e_id: aired[0], title: 'Oda' });

      expect(json.status).toBe(401);
      expect(json.body).toEqual({ statusCode: 401, message: MESSAGES.loginRequired });
      expect(old.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      expect(await snapshot()).toEqual(before);
    });

    it('creates a room with the creator and the invitees as members, and tells the invitees', async () => {
      const third = await signedInMember(sut.baseUrl);
      const response = await creator.agent
        .post('/api/rooms')
        .send({ episodeId: aired[1], title: '  Birlikte izleyelim  ', invite: [invitee.userId, third.userId, invitee.userId, creator.userId] });

      expect(response.status).toBe(201);
      expect(response.body).toEqual({ code: expect.stringMatching(/^[A-Za-z0-9]{12}$/), link: `/oda/${response.body.code}` });
      const [room] = await db.query('SELECT * FROM watch_room WHERE code = $1', [response.body.code]);
      expect(room).toMatchObject({ title: 'Birlikte izleyelim', episode_id: aired[1], creator_id: creator.userId, control_mode: 'creator', playback_status: 'paused' });
      const members = await db.query('SELECT user_id, invited_by FROM watch_room_member WHERE room_id = $1 ORDER BY user_id', [room.id]);
      expect(members).toEqual(
        [
          { user_id: creator.userId, invited_by: null },
          { user_id: invitee.userId, invited_by: creator.userId },
          { user_id: third.userId, invited_by: creator.userId },
        ].sort((a, b) => a.user_id - b.user_id),
      );
      const event = await eventually(() => invited.find((seen) => seen.code === response.body.code), Boolean);
      expect(event).toEqual({
        code: response.body.code,
        title: 'Birlikte izleyelim',
        link: `/oda/${response.body.code}`,
        invitedBy: creator.userId,
        memberIds: [invitee.userId, third.userId],
      });
    });

    it('publishes no invitation for a room without invitees', async () => {
      const roomCode = await createRoom(creator.agent, { episodeId: aired[0], title: 'Yalnız' });
      await new Promise((resolveWait) => setTimeout(resolveWait, 50));
      expect(invited.some((event) => event.code === roomCode)).toBe(false);
    });

    it.each([
      ['an invite[] form array', { 'invite[]': ['INVITEE', 'OUTSIDER'] }],
      ['a comma list', { invite: 'INVITEE, OUTSIDER' }],
      ['a JSON array', { invite: '[INVITEE,OUTSIDER]' }],
    ])('accepts the legacy create_room with %s and answers the link', async (_form, fields) => {
      const ids = (value: string) => value.replace('INVITEE', String(invitee.userId)).replace('OUTSIDER', String(outsider.userId));
      const invite = Object.fromEntries(
        Object.entries(fields).map(([key, value]) => [key, Array.isArray(value) ? value.map(ids) : ids(value)]),
      );
      const response = await legacy(creator.agent, { type: 'create_room', e_id: aired[0], title: 'Eski istemci', ...invite });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, link: `/oda/${response.body.code}`, code: expect.stringMatching(/^[A-Za-z0-9]{12}$/) });
      const members = await db.query(
        'SELECT m.user_id FROM watch_room_member m JOIN watch_room r ON r.id = m.room_id WHERE r.code = $1 ORDER BY m.user_id',
        [response.body.code],
      );
      expect(members.map((row: { user_id: number }) => row.user_id)).toEqual([creator.userId, invitee.userId, outsider.userId].sort((a, b) => a - b));
    });

    it('accepts the legacy create_room as multipart and as JSON', async () => {
      const multipart = await creator.agent
        .post('/ajax/service')
        .field('type', 'create_room')
        .field('e_id', String(aired[0]))
        .field('title', 'Çok parçalı')
        .field('invite[]', String(invitee.userId));
      const json = await creator.agent.post('/ajax/service').send({ type: 'create_room', e_id: aired[0], title: 'JSON', invite: [invitee.userId] });

      for (const response of [multipart, json]) {
        expect(response.body).toMatchObject({ success: true, link: expect.stringMatching(/^\/oda\/[A-Za-z0-9]{12}$/) });
      }
    });

    const tooMany = () => Array.from({ length: ROOM_RULES.inviteMax + 1 }, (_, index) => index + 1);
    it.each([
      ['no episode', () => ({ title: 'Oda' }), () => ({ title: 'Oda' }), 400, M.episodeRequired],
      ['an episode that is not a number', () => ({ episodeId: 'bir', title: 'Oda' }), () => ({ e_id: 'bir', title: 'Oda' }), 400, M.episodeRequired],
      ['an unknown episode', () => ({ episodeId: 987654, title: 'Oda' }), () => ({ e_id: 987654, title: 'Oda' }), 404, WATCH_MESSAGES.episodeNotFound],
      ['an episode not aired yet', () => ({ episodeId: unaired, title: 'Oda' }), () => ({ e_id: unaired, title: 'Oda' }), 404, WATCH_MESSAGES.episodeNotFound],
      ['no title', () => ({ episodeId: aired[0] }), () => ({ e_id: aired[0] }), 400, M.titleRequired],
      ['an empty title', () => ({ episodeId: aired[0], title: '   ' }), () => ({ e_id: aired[0], title: '   ' }), 400, M.titleRequired],
      ['an 81-character title', () => ({ episodeId: aired[0], title: 'ş'.repeat(81) }), () => ({ e_id: aired[0], title: 'ş'.repeat(81) }), 400, M.titleTooLong],
      ['invitees that are not ids', () => ({ episodeId: aired[0], title: 'Oda', invite: ['ayse'] }), () => ({ e_id: aired[0], title: 'Oda', invite: 'ayse,fatma' }), 400, M.inviteInvalid],
      ['an invite list that is not a list', () => ({ episodeId: aired[0], title: 'Oda', invite: 'ayse' }), () => ({ e_id: aired[0], title: 'Oda', invite: '[1,' }), 400, M.inviteInvalid],
      ['an unknown member', () => ({ episodeId: aired[0], title: 'Oda', invite: [invitee.userId, 987654] }), () => ({ e_id: aired[0], title: 'Oda', invite: `${invitee.userId},987654` }), 400, M.inviteUnknownMember],
      ['more than 50 invitees', () => ({ episodeId: aired[0], title: 'Oda', invite: tooMany() }), () => ({ e_id: aired[0], title: 'Oda', invite: tooMany().join(',') }), 400, M.inviteTooMany],
      ['an unknown control mode', () => ({ episodeId: aired[0], title: 'Oda', controlMode: 'herkes' }), null, 400, M.controlModeInvalid],
    ] as const)('refuses %s, in Turkish, and creates nothing', async (_case, jsonBody, legacyFields, status, message) => {
      const before = await snapshot();

      const json = await creator.agent.post('/api/rooms').send(jsonBody());
      expect(json.status).toBe(status);
      expect(json.body).toEqual({ statusCode: status, message });
      if (legacyFields) {
        const old = await legacy(creator.agent, { type: 'create_room', ...legacyFields() });
        expect(old.status).toBe(status);
        expect(old.body).toEqual({ success: false, error: true, message });
      }
      expect(await snapshot()).toEqual(before);
    });

    it(`refuses more than ${ROOM_RULES.createRateLimit.points} rooms per member in ${ROOM_RULES.createRateLimit.windowSeconds / 60} minutes`, async () => {
      const busy = await signedInMember(sut.baseUrl);
      for (let index = 0; index < ROOM_RULES.createRateLimit.points; index += 1) {
        await createRoom(busy.agent, { episodeId: aired[0], title: `Oda ${index}` });
      }
      const before = await snapshot();

      const json = await busy.agent.post('/api/rooms').send({ episodeId: aired[0], title: 'Bir tane daha' });
      const old = await legacy(busy.agent, { type: 'create_room', e_id: aired[0], title: 'Bir tane daha' });

      expect(json.status).toBe(429);
      expect(json.body.message).toBe(MESSAGES.tooManyRequests);
      expect(old.body).toEqual({ success: false, error: true, message: MESSAGES.tooManyRequests });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('reading a room', () => {
    it('answers a member the room with its episode, members, playback and last sequence', async () => {
      const response = await invitee.agent.get(`/api/rooms/${code}`);

      expect(response.status).toBe(200);
      const detail = response.body as RoomDetail;
      expect(detail).toMatchObject({
        code,
        title: 'Cuma gecesi',
        creator: { id: creator.userId, username: creator.username, profileName: expect.any(String), avatarUrl: null },
        controlMode: 'creator',
        canControl: false,
        episode: { id: aired[0], titleName: 'Deneme Dizisi', seasonNumber: 1, episodeNumber: 1, watchPath: expect.stringMatching(/^\/dizi\/dizi-[a-f0-9]+\/1-sezon\/1-bolum$/) },
        playback: { episodeId: aired[0], status: 'paused', positionSeconds: 0, version: 0, lastAction: null, serverTime: expect.any(Number) },
        lastSeq: expect.any(Number),
      });
      expect(detail.members.map((member) => member.id)).toEqual([creator.userId, invitee.userId]);
      expect((await creator.agent.get(`/api/rooms/${code}`)).body.canControl).toBe(true);
    });

    it('lets everyone control when the creator chose so', async () => {
      const open = await createRoom(creator.agent, { episodeId: aired[0], title: 'Herkes yönetir', invite: [invitee.userId], controlMode: 'everyone' });
      expect((await invitee.agent.get(`/api/rooms/${open}`)).body).toMatchObject({ controlMode: 'everyone', canControl: true });
    });

    it.each([
      ['an unknown code', () => 'AAAAAAAAAAAA', 404, M.roomNotFound],
      ['a malformed code', () => 'kisa', 404, M.roomCodeInvalid],
      ['a member who was not invited', () => code, 403, M.notInvited],
    ])('refuses %s', async (_case, roomCode, status, message) => {
      const response = await outsider.agent.get(`/api/rooms/${roomCode()}`);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ statusCode: status, message });
    });

    it('requires authentication', async () => {
      const response = await visitorAgent(sut.baseUrl).get(`/api/rooms/${code}`);
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(MESSAGES.loginRequired);
    });
  });

  describe('chat', () => {
    let chatCode: string;
    let host: SignedInMember;
    let sender: SignedInMember;

    beforeAll(async () => {
      [host, sender] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
      chatCode = await createRoom(host.agent, { episodeId: aired[0], title: 'Sohbet', invite: [sender.userId, invitee.userId] });
    });

    it('stores a legacy add_chat and answers it rendered, every member text escaped', async () => {
      const response = await legacy(sender.agent, { type: 'add_chat', code: chatCode, data: '  <script>alert("x")</script> & selam  ' });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, id: 1, theme: expect.any(String) });
      const theme = response.body.theme as string;
      expect(theme).toContain('data-id="1"');
      expect(theme).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; selam');
      expect(theme).not.toContain('<script>');
      expect(theme).toContain(`href="/profile/${sender.username}"`);
      const [row] = await db.query('SELECT m.seq, m.body, m.author_id FROM watch_room_message m JOIN watch_room r ON r.id = m.room_id WHERE r.code = $1', [chatCode]);
      expect(row).toEqual({ seq: '1', body: '<script>alert("x")</script> & selam', author_id: sender.userId });
    });

    it('stores a JSON message, numbered next, and answers it', async () => {
      const text = 'Ş'.repeat(ROOM_RULES.messageMaxLength);
      const response = await host.agent.post(`/api/rooms/${chatCode}/messages`).send({ text });

      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        seq: 2,
        roomCode: chatCode,
        author: { id: host.userId, username: host.username, profileName: expect.any(String), avatarUrl: null },
        text,
        sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('answers get_chat with the messages after the cursor, oldest first, and the next cursor', async () => {
      const all = await legacy(invitee.agent, { type: 'get_chat', code: chatCode, id: 0 });
      const after1 = await legacy(invitee.agent, { type: 'get_chat', code: chatCode, id: 1 });
      const none = await legacy(invitee.agent, { type: 'get_chat', code: chatCode, id: 2 });

      expect(all.body.success).toBe(true);
      expect(all.body.id).toBe(2);
      expect([...(all.body.theme as string).matchAll(/data-id="(\d+)"/g)].map((match) => match[1])).toEqual(['1', '2']);
      expect(after1.body.id).toBe(2);
      expect([...(after1.body.theme as string).matchAll(/data-id="(\d+)"/g)].map((match) => match[1])).toEqual(['2']);
      expect(none.body).toEqual({ success: true, theme: '', id: 2 });
    });

    it('answers the JSON twin with pages of at most ROOM_RULES.chatPageSize', async () => {
      const pagedCode = await createRoom(host.agent, { episodeId: aired[0], title: 'Uzun sohbet', invite: [invitee.userId] });
      const sequences = sut.server.app.get(StreamSequenceRepository);
      // More messages than the send limit allows in a test: written as the service writes them.
      await db.transaction(async (manager) => {
        const [{ id }] = await manager.query('SELECT id FROM watch_room WHERE code = $1', [pagedCode]);
        for (let index = 0; index < ROOM_RULES.chatPageSize + 5; index += 1) {
          const seq = await sequences.next(manager, streams.roomChat(pagedCode));
          await manager.query('INSERT INTO watch_room_message (room_id, seq, author_id, body) VALUES ($1, $2, $3, $4)', [id, seq, host.userId, `mesaj ${seq}`]);
        }
      });

      const first = await invitee.agent.get(`/api/rooms/${pagedCode}/messages`);
      const second = await invitee.agent.get(`/api/rooms/${pagedCode}/messages?after=${ROOM_RULES.chatPageSize}`);

      expect(first.status).toBe(200);
      expect(first.body.hasMore).toBe(true);
      expect(first.body.messages.map((message: ChatMessage) => message.seq)).toEqual(Array.from({ length: ROOM_RULES.chatPageSize }, (_, index) => index + 1));
      expect(second.body.hasMore).toBe(false);
      expect(second.body.messages.map((message: ChatMessage) => message.text)).toEqual([101, 102, 103, 104, 105].map((seq) => `mesaj ${seq}`));
      expect((await invitee.agent.get(`/api/rooms/${pagedCode}`)).body.lastSeq).toBe(105);
    });

    it.each([
      ['an empty message', '', M.messageEmpty],
      ['a message of spaces and control characters', ' \u0000\u0007  ', M.messageEmpty],
      ['a 501-character message', 'a'.repeat(ROOM_RULES.messageMaxLength + 1), M.messageTooLong],
    ])('refuses %s, in Turkish, and stores nothing', async (_case, text, message) => {
      const before = await snapshot();

      const json = await sender.agent.post(`/api/rooms/${chatCode}/messages`).send({ text });
      const old = await legacy(sender.agent, { type: 'add_chat', code: chatCode, data: text });

      expect(json.status).toBe(400);
      expect(json.body).toEqual({ statusCode: 400, message });
      expect(old.status).toBe(400);
      expect(old.body).toEqual({ success: false, error: true, message });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a message without text at all', async () => {
      const before = await snapshot();
      expect((await sender.agent.post(`/api/rooms/${chatCode}/messages`).send({})).body.message).toBe(M.messageEmpty);
      expect((await legacy(sender.agent, { type: 'add_chat', code: chatCode })).body.message).toBe(M.messageEmpty);
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ['a member who was not invited', () => outsider, () => chatCode, 403, M.notInvited],
      ['an unknown code', () => sender, () => 'ZZZZZZZZZZZZ', 404, M.roomNotFound],
      ['a malformed code', () => sender, () => '../../etc', 404, M.roomCodeInvalid],
    ])('refuses %s on add_chat, get_chat and their JSON twins', async (_case, who, roomCode, status, message) => {
      const before = await snapshot();
      const { agent } = who();

      const responses = [
        await legacy(agent, { type: 'add_chat', code: roomCode(), data: 'merhaba' }),
        await legacy(agent, { type: 'get_chat', code: roomCode(), id: 0 }),
      ];
      const jsonResponses = [
        await agent.post(`/api/rooms/${encodeURIComponent(roomCode())}/messages`).send({ text: 'merhaba' }),
        await agent.get(`/api/rooms/${encodeURIComponent(roomCode())}/messages?after=0`),
      ];

      for (const response of responses) {
        expect(response.status).toBe(status);
        expect(response.body).toEqual({ success: false, error: true, message });
      }
      for (const response of jsonResponses) {
        expect(response.status).toBe(status);
        expect(response.body).toEqual({ statusCode: status, message });
      }
      expect(await snapshot()).toEqual(before);
    });

    it.each([['-1'], ['abc'], ['1.5'], ['1e400'], ['99999999999999999999']])('refuses the cursor %s', async (cursor) => {
      const json = await invitee.agent.get(`/api/rooms/${chatCode}/messages?after=${cursor}`);
      const old = await legacy(invitee.agent, { type: 'get_chat', code: chatCode, id: cursor });

      expect(json.status).toBe(400);
      expect(json.body).toEqual({ statusCode: 400, message: M.cursorInvalid });
      expect(old.body).toEqual({ success: false, error: true, message: M.cursorInvalid });
    });

    it('requires authentication on add_chat, get_chat and their JSON twins', async () => {
      const before = await snapshot();
      const visitor = visitorAgent(sut.baseUrl);

      expect((await legacy(visitor, { type: 'add_chat', code: chatCode, data: 'selam' })).body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      expect((await legacy(visitor, { type: 'get_chat', code: chatCode, id: 0 })).body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      expect((await visitor.post(`/api/rooms/${chatCode}/messages`).send({ text: 'selam' })).status).toBe(401);
      expect((await visitor.get(`/api/rooms/${chatCode}/messages`)).status).toBe(401);
      expect(await snapshot()).toEqual(before);
    });

    it(`refuses more than ${ROOM_RULES.sendRateLimit.points} messages per member and room in ${ROOM_RULES.sendRateLimit.windowSeconds} s`, async () => {
      const chatty = await signedInMember(sut.baseUrl);
      const roomA = await createRoom(host.agent, { episodeId: aired[0], title: 'Geveze', invite: [chatty.userId] });
      const roomB = await createRoom(host.agent, { episodeId: aired[0], title: 'Başka oda', invite: [chatty.userId] });
      for (let index = 0; index < ROOM_RULES.sendRateLimit.points; index += 1) {
        expect((await chatty.agent.post(`/api/rooms/${roomA}/messages`).send({ text: `mesaj ${index}` })).status).toBe(201);
      }
      const before = await snapshot();

      const json = await chatty.agent.post(`/api/rooms/${roomA}/messages`).send({ text: 'fazla' });
      const old = await legacy(chatty.agent, { type: 'add_chat', code: roomA, data: 'fazla' });

      expect(json.status).toBe(429);
      expect(json.body.message).toBe(MESSAGES.tooManyRequests);
      expect(old.body).toEqual({ success: false, error: true, message: MESSAGES.tooManyRequests });
      expect(await snapshot()).toEqual(before);
      // The limit is per room: another room still takes the member's messages.
      expect((await chatty.agent.post(`/api/rooms/${roomB}/messages`).send({ text: 'burada' })).status).toBe(201);
    });
  });

  describe('cursor semantics', () => {
    let host: SignedInMember;

    beforeAll(async () => {
      host = await signedInMember(sut.baseUrl);
    });

    it('never lets a cursor skip a message whose transaction commits late', async () => {
      const lateCode = await createRoom(host.agent, { episodeId: aired[0], title: 'Geç gelen', invite: [invitee.userId] });
      await host.agent.post(`/api/rooms/${lateCode}/messages`).send({ text: 'ilk' });
      const [{ id: roomId }] = await db.query('SELECT id FROM watch_room WHERE code = $1', [lateCode]);
      const sequences = sut.server.app.get(StreamSequenceRepository);
      const seqsOf = (response: { body: { messages: ChatMessage[] } }) => response.body.messages.map((message) => message.seq);

      // A sender takes sequence 2 and inserts, but has not committed yet.
      const slow = db.createQueryRunner();
      await slow.connect();
      await slow.startTransaction();
      const slowSeq = await sequences.next(slow.manager, streams.roomChat(lateCode));
      await slow.query('INSERT INTO watch_room_message (room_id, seq, author_id, body) VALUES ($1, $2, $3, $4)', [roomId, slowSeq, host.userId, 'geç']);

      // A second sender meanwhile must wait for the sequence row; a poll sees neither yet.
      let fastDone = false;
      const fast = invitee.agent
        .post(`/api/rooms/${lateCode}/messages`)
        .send({ text: 'hızlı' })
        .then((response) => {
          fastDone = true;
          return response;
        });
      // Waits until the second send is seen waiting on a lock (the sequence row), not for a guessed time.
      await eventually(
        async () => (await db.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"))[0].n,
        (waiting: number) => waiting > 0,
      );
      const between = await invitee.agent.get(`/api/rooms/${lateCode}/messages?after=1`);
      expect(fastDone).toBe(false);
      expect(seqsOf(between)).toEqual([]);

      await slow.commitTransaction();
      await slow.release();
      const fastResponse = await fast;

      expect(slowSeq).toBe(2);
      expect(fastResponse.body.seq).toBe(3);
      // A poll from the cursor held in between (1) sees both, in order; none was skipped.
      const after = await invitee.agent.get(`/api/rooms/${lateCode}/messages?after=1`);
      expect(seqsOf(after)).toEqual([2, 3]);
      expect(after.body.messages.map((message: ChatMessage) => message.text)).toEqual(['geç', 'hızlı']);
    });

    it('numbers messages sent at the same moment by several members 1 to N, each once', async () => {
      const busyCode = await createRoom(host.agent, { episodeId: aired[0], title: 'Kalabalık', invite: [invitee.userId] });
      const senders = [host, invitee];
      const perSender = 8;

      const answers = await Promise.all(
        senders.flatMap((member, who) =>
          Array.from({ length: perSender }, (_, index) =>
            index % 2 === 0
              ? member.agent.post(`/api/rooms/${busyCode}/messages`).send({ text: `${who}-${index}` })
              : legacy(member.agent, { type: 'add_chat', code: busyCode, data: `${who}-${index}` }),
          ),
        ),
      );

      const total = senders.length * perSender;
      const answered = answers.map((response) => Number(response.body.seq ?? response.body.id)).sort((a, b) => a - b);
      expect(answered).toEqual(Array.from({ length: total }, (_, index) => index + 1));
      const stored = (await db.query(
        `SELECT m.seq::int AS seq, m.xmin::text::bigint AS tx FROM watch_room_message m JOIN watch_room r ON r.id = m.room_id
          WHERE r.code = $1 ORDER BY m.seq`,
        [busyCode],
      )) as Array<{ seq: number; tx: string }>;
      expect(stored.map((row) => row.seq)).toEqual(answered);
      // Each message was a transaction of its own (one statement), none left a gap.
      expect(new Set(stored.map((row) => row.tx)).size).toBe(total);
      const [{ last_seq: lastSeq }] = await db.query('SELECT last_seq::int FROM stream_sequence WHERE stream = $1', [streams.roomChat(busyCode)]);
      expect(lastSeq).toBe(total);
    });
  });

  describe('sockets', () => {
    let host: SignedInMember;

    beforeAll(async () => {
      host = await signedInMember(sut.baseUrl);
    });

    it('lets members join room:{code} and refuses everyone else', async () => {
      expect(await joinRoom(await socketOf(invitee), code)).toEqual({ ok: true });
      expect(await joinRoom(await socketOf(creator), code)).toEqual({ ok: true });
      for (const [socket, roomCode] of [
        [await socketOf(outsider), code],
        [await socketOf(null), code],
        [await socketOf(creator), 'QQQQQQQQQQQQ'],
      ] as const) {
        expect(await joinRoom(socket, roomCode)).toEqual({ ok: false, message: REALTIME_MESSAGES.roomRefused });
      }
    });

    it('pushes each stored message to the room, and not to a socket that was refused', async () => {
      const member = await socketOf(invitee);
      const stranger = await socketOf(outsider);
      await joinRoom(member, code);
      await joinRoom(stranger, code);
      const pushed = collect(member, 'chat.messageCreated');
      const toStranger = collect(stranger, 'chat.messageCreated');

      const sent = await legacy(creator.agent, { type: 'add_chat', code, data: 'herkese selam' });

      const [message] = await eventually(() => pushed, (seen) => seen.length > 0);
      expect(message).toMatchObject({ seq: sent.body.id, roomCode: code, text: 'herkese selam', author: { id: creator.userId } });
      // A sentinel pushed to the stranger itself after the send: the message, had it been sent there, would have come first.
      sut.server.app.get(RealtimeService).toRoom(stranger.id as never, 'chat.messageCreated', { ...message!, text: 'sentinel' });
      expect((await eventually(() => toStranger, (seen) => seen.length > 0)).map((seen) => seen.text)).toEqual(['sentinel']);
    });

    it('shows who has the room open, as sockets join and leave', async () => {
      const presenceCode = await createRoom(host.agent, { episodeId: aired[0], title: 'Kimler var', invite: [invitee.userId] });
      const hostSocket = await socketOf(host);
      const seen = collect(hostSocket, 'room.presenceChanged');
      await joinRoom(hostSocket, presenceCode);
      const onlineIds = () => (seen.at(-1)?.online ?? []).map((member) => member.id).sort((a, b) => a - b);

      expect(await eventually(onlineIds, (ids) => ids.length === 1)).toEqual([host.userId]);
      const inviteeSocket = await socketOf(invitee);
      await joinRoom(inviteeSocket, presenceCode);
      expect(await eventually(onlineIds, (ids) => ids.length === 2)).toEqual([host.userId, invitee.userId].sort((a, b) => a - b));
      inviteeSocket.emit('room.leave', { room: rooms.chat(presenceCode) });
      expect(await eventually(onlineIds, (ids) => ids.length === 1)).toEqual([host.userId]);
      await joinRoom(inviteeSocket, presenceCode);
      expect(await eventually(onlineIds, (ids) => ids.length === 2)).toHaveLength(2);
      inviteeSocket.close();
      expect(await eventually(onlineIds, (ids) => ids.length === 1)).toEqual([host.userId]);
      expect(seen.every((payload) => payload.code === presenceCode)).toBe(true);
    });

    it('pushes typing once per start, and its end on a stop, after the timeout, or when the typist leaves', async () => {
      const typingCode = await createRoom(host.agent, { episodeId: aired[0], title: 'Yazıyor', invite: [invitee.userId] });
      const watcher = await socketOf(host);
      const typist = await socketOf(invitee);
      await joinRoom(watcher, typingCode);
      await joinRoom(typist, typingCode);
      const seen = collect(watcher, 'room.typingChanged');
      const flags = () => seen.map((payload) => payload.typing);

      typist.emit('room.typing', { code: typingCode, typing: true });
      typist.emit('room.typing', { code: typingCode, typing: true });
      typist.emit('room.typing', { code: typingCode, typing: false });
      expect(await eventually(flags, (list) => list.length === 2)).toEqual([true, false]);
      expect(seen[0]).toEqual({ code: typingCode, typing: true, member: expect.objectContaining({ id: invitee.userId, username: invitee.username }) });

      const started = Date.now();
      typist.emit('room.typing', { code: typingCode, typing: true });
      expect(await eventually(flags, (list) => list.length === 4, ROOM_RULES.typingTimeoutMs + 3000)).toEqual([true, false, true, false]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(ROOM_RULES.typingTimeoutMs - 100);

      typist.emit('room.typing', { code: typingCode, typing: true });
      await eventually(flags, (list) => list.length === 5);
      typist.emit('room.leave', { room: rooms.chat(typingCode) });
      expect(await eventually(flags, (list) => list.length === 6)).toEqual([true, false, true, false, true, false]);
    });

    it(`drops a socket's typing signals beyond ${ROOM_RULES.typingSignalLimit.points} per ${ROOM_RULES.typingSignalLimit.windowSeconds} s`, async () => {
      const typingCode = await createRoom(host.agent, { episodeId: aired[0], title: 'Çok yazan', invite: [invitee.userId] });
      const watcher = await socketOf(host);
      const typist = await socketOf(invitee);
      await joinRoom(watcher, typingCode);
      await joinRoom(typist, typingCode);
      const seen = collect(watcher, 'room.typingChanged');
      const { points } = ROOM_RULES.typingSignalLimit;

      for (let index = 0; index < points; index += 1) typist.emit('room.typing', { code: typingCode, typing: index % 2 === 0 });
      expect(await eventually(() => seen.length, (count) => count === points)).toBe(points);
      const quiet = nothingWithin(watcher, 'room.typingChanged', 800);
      typist.emit('room.typing', { code: typingCode, typing: true });
      expect(await quiet).toBe(true);

      // The budget is the socket's: the same member's other socket still signals.
      const other = await socketOf(invitee);
      await joinRoom(other, typingCode);
      other.emit('room.typing', { code: typingCode, typing: true });
      expect(await eventually(() => seen.length, (count) => count === points + 1)).toBe(points + 1);
      expect(seen.at(-1)).toMatchObject({ code: typingCode, typing: true, member: { id: invitee.userId } });
    });

    it('ignores typing from a socket that did not join the room', async () => {
      const typingCode = await createRoom(host.agent, { episodeId: aired[0], title: 'Sessiz', invite: [invitee.userId] });
      const watcher = await socketOf(host);
      await joinRoom(watcher, typingCode);
      const notJoined = await socketOf(invitee);
      const quiet = nothingWithin(watcher, 'room.typingChanged', 800);

      notJoined.emit('room.typing', { code: typingCode, typing: true });

      expect(await quiet).toBe(true);
    });
  });

  describe('synced playback', () => {
    let playCode: string;
    let host: SignedInMember;

    beforeAll(async () => {
      host = await signedInMember(sut.baseUrl);
      playCode = await createRoom(host.agent, { episodeId: aired[0], title: 'Oynat', invite: [invitee.userId] });
    });

    it('applies play, seek and pause from the creator, versioned and timed by the server, and pushes each', async () => {
      const follower = await socketOf(invitee);
      await joinRoom(follower, playCode);
      const pushed = collect(follower, 'room.playbackChanged');

      const before = Date.now();
      const play = await host.agent.post(`/api/rooms/${playCode}/playback`).send({ action: 'play', positionSeconds: 12.5 });
      const seek = await host.agent.post(`/api/rooms/${playCode}/playback`).send({ action: 'seek', positionSeconds: 751 });
      const pause = await host.agent.post(`/api/rooms/${playCode}/playback`).send({ action: 'pause', positionSeconds: 751.4 });

      expect(play.status).toBe(200);
      expect(play.body).toEqual({
        episodeId: aired[0],
        status: 'playing',
        positionSeconds: 12.5,
        serverTime: expect.any(Number),
        version: 1,
        lastAction: { action: 'play', by: expect.objectContaining({ id: host.userId }) },
      });
      expect(play.body.serverTime).toBeGreaterThanOrEqual(before);
      expect(play.body.serverTime).toBeLessThanOrEqual(Date.now());
      expect(seek.body).toMatchObject({ status: 'playing', positionSeconds: 751, version: 2, lastAction: { action: 'seek' } });
      expect(pause.body).toMatchObject({ status: 'paused', positionSeconds: 751.4, version: 3, lastAction: { action: 'pause' } });
      const seen = await eventually(() => pushed, (list) => list.length === 3);
      expect(seen.map((payload) => [payload.code, payload.playback.version, payload.playback.status])).toEqual([
        [playCode, 1, 'playing'],
        [playCode, 2, 'playing'],
        [playCode, 3, 'paused'],
      ]);
      // A late joiner reads the state it must start from.
      expect((await invitee.agent.get(`/api/rooms/${playCode}`)).body.playback).toEqual(pause.body);
    });

    it('takes the same command over the socket, answering through the acknowledgement', async () => {
      const controller = await socketOf(host);
      await joinRoom(controller, playCode);

      const reply = await controller.timeout(5000).emitWithAck('room.playback', { code: playCode, action: 'play', positionSeconds: 800 });

      expect(reply).toEqual({ ok: true, playback: expect.objectContaining({ status: 'playing', positionSeconds: 800, version: 4 }) });
    });

    it('gives concurrent commands consecutive versions', async () => {
      const [{ playback_version: start }] = await db.query('SELECT playback_version FROM watch_room WHERE code = $1', [playCode]);
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, index) => host.agent.post(`/api/rooms/${playCode}/playback`).send({ action: 'seek', positionSeconds: index })),
      );
      expect(replies.map((reply) => reply.body.version).sort((a, b) => a - b)).toEqual(Array.from({ length: 8 }, (_, index) => start + index + 1));
    });

    it('refuses a member without control, on HTTP and on the socket, and changes nothing', async () => {
      const socket = await socketOf(invitee);
      await joinRoom(socket, playCode);
      const before = await snapshot();

      const http = await invitee.agent.post(`/api/rooms/${playCode}/playback`).send({ action: 'pause', positionSeconds: 3 });
      const reply = await socket.timeout(5000).emitWithAck('room.playback', { code: playCode, action: 'pause', positionSeconds: 3 });

      expect(http.status).toBe(403);
      expect(http.body).toEqual({ statusCode: 403, message: M.controlDenied });
      expect(reply).toEqual({ ok: false, message: M.controlDenied });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a socket that did not join the room, and a member who was not invited', async () => {
      const notJoined = await socketOf(host);
      const before = await snapshot();

      const reply = await notJoined.timeout(5000).emitWithAck('room.playback', { code: playCode, action: 'pause', positionSeconds: 3 });
      const stranger = await outsider.agent.post(`/api/rooms/${playCode}/playback`).send({ action: 'pause', positionSeconds: 3 });

      expect(reply).toEqual({ ok: false, message: REALTIME_MESSAGES.roomRefused });
      expect(stranger.status).toBe(403);
      expect(stranger.body.message).toBe(M.notInvited);
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ['an unknown action', { action: 'rewind', positionSeconds: 3 }],
      ['no action', { positionSeconds: 3 }],
      ['a negative position', { action: 'seek', positionSeconds: -1 }],
      ['a position past a day', { action: 'seek', positionSeconds: 86_401 }],
      ['a position that is not a number', { action: 'seek', positionSeconds: 'on iki' }],
    ])('refuses %s, in Turkish, and changes nothing', async (_case, command) => {
      const controller = await socketOf(host);
      await joinRoom(controller, playCode);
      const before = await snapshot();

      const http = await host.agent.post(`/api/rooms/${playCode}/playback`).send(command);
      const reply = await controller.timeout(5000).emitWithAck('room.playback', { code: playCode, ...command } as never);

      expect(http.status).toBe(400);
      expect(http.body).toEqual({ statusCode: 400, message: M.playbackInvalid });
      expect(reply).toEqual({ ok: false, message: M.playbackInvalid });
      expect(await snapshot()).toEqual(before);
    });

    it('requires authentication', async () => {
      const response = await visitorAgent(sut.baseUrl).post(`/api/rooms/${playCode}/playback`).send({ action: 'play', positionSeconds: 0 });
      expect(response.status).toBe(401);
    });
  });

  describe('invite candidates', () => {
    let host: SignedInMember;
    let ayse: SignedInMember;
    let omer: SignedInMember;
    let stranger: SignedInMember;

    beforeAll(async () => {
      [host, ayse, omer, stranger] = await Promise.all([1, 2, 3, 4].map(() => signedInMember(sut.baseUrl)));
      await db.query('UPDATE app_user SET profile_name = $2 WHERE id = $1', [ayse.userId, 'Ayşe Işıklı']);
      await db.query('UPDATE app_user SET profile_name = $2 WHERE id = $1', [omer.userId, 'Ömer Çelik']);
      await db.query('UPDATE app_user SET profile_name = $2 WHERE id = $1', [stranger.userId, 'Ayşegül Şahin']);
      await createRoom(host.agent, { episodeId: aired[0], title: 'Eski oda', invite: [omer.userId] });
      await db.query("UPDATE watch_room SET created_at = now() - interval '1 day' WHERE creator_id = $1", [host.userId]);
      await createRoom(ayse.agent, { episodeId: aired[0], title: 'Yeni oda', invite: [host.userId] });
    });

    const ids = (response: { body: { members: Array<{ id: number }> } }) => response.body.members.map((member) => member.id);

    it('suggests the members the viewer shared a room with, most recent first, never the viewer', async () => {
      const response = await host.agent.get('/api/rooms/invite-candidates');

      expect(response.status).toBe(200);
      expect(ids(response)).toEqual([ayse.userId, omer.userId]);
      expect(response.body.members[1]).toEqual({ id: omer.userId, username: omer.username, profileName: 'Ömer Çelik', avatarUrl: null });
      expect(ids(await host.agent.get('/api/rooms/invite-candidates?q=a'))).toEqual(ids(response));
    });

    it('searches every member by username and profile name, ignoring case and Turkish letters, those shared a room with first', async () => {
      const byName = await host.agent.get(`/api/rooms/invite-candidates?q=${encodeURIComponent('AYSE')}`);
      const byFolded = await host.agent.get(`/api/rooms/invite-candidates?q=${encodeURIComponent('işik')}`);
      const byUsername = await host.agent.get(`/api/rooms/invite-candidates?q=${encodeURIComponent(stranger.username.toUpperCase())}`);
      const self = await host.agent.get(`/api/rooms/invite-candidates?q=${encodeURIComponent(host.username)}`);

      expect(ids(byName)).toEqual([ayse.userId, stranger.userId]);
      expect(ids(byFolded)).toEqual([ayse.userId]);
      expect(ids(byUsername)).toEqual([stranger.userId]);
      expect(ids(self)).toEqual([]);
    });

    it('treats LIKE wildcards in the query as letters', async () => {
      expect(ids(await host.agent.get('/api/rooms/invite-candidates?q=%25%25'))).toEqual([]);
    });

    it('requires authentication', async () => {
      expect((await visitorAgent(sut.baseUrl).get('/api/rooms/invite-candidates')).status).toBe(401);
    });
  });
});
