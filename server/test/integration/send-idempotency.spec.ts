import { COMMENT_RULES, ROOM_RULES, SEND_KEY_MESSAGES, commentRooms, type CommentView } from '@seyirlik/shared-contracts';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { buildCatalogFile, buildEpisode, buildSeries } from '../factories/catalog';
import { visitorAgent } from '../factories/members';
import { createRoom, importRoomCatalog, signedInMember, type MemberAgent, type SignedInMember } from '../factories/rooms';
import { collect, connectSocket, eventually, joinRoom, type RoomSocket } from '../harness/room-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** A fresh send key, as the client makes one per composed message. */
let keyCount = 0;
const sendKey = () => `anahtar-${Date.now().toString(36)}-${(keyCount += 1)}`;

const MALFORMED_KEYS: Array<[string, unknown]> = [
  ['too short', 'kisa'],
  ['too long', 'a'.repeat(65)],
  ['with a space', 'anahtar 12345'],
  ['with a Turkish letter', 'anahtarşş'],
  ['a number', 12345678],
  ['an object', { toString: 'aaaaaaaa' }],
];

describe('send idempotency keys', () => {
  let sut: TestApp;
  let db: DataSource;
  const sockets: RoomSocket[] = [];

  /** What a send could change: stored rows and numbers taken. */
  const snapshot = async () =>
    (
      await db.query(`SELECT (SELECT count(*) FROM watch_room_message)::int AS messages,
                             (SELECT count(*) FROM comment)::int AS comments,
                             (SELECT coalesce(sum(last_seq), 0) FROM stream_sequence WHERE stream LIKE 'room-chat:%')::int AS sequences`)
    )[0] as Record<string, number>;

  const legacy = (agent: MemberAgent, fields: Record<string, unknown>) => agent.post('/ajax/service').type('form').send(fields);

  const socketOf = async (member: SignedInMember) => {
    const socket = await connectSocket(sut.baseUrl, member.cookie);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    db = sut.server.app.get(DataSource);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await sut.close();
  });

  describe('chat sends', () => {
    let aired: [number, number];
    let host: SignedInMember;
    let sender: SignedInMember;
    /** A room for the sends that must store nothing. */
    let refusingCode: string;

    /** A room of the host with `sender` invited (the host may create ROOM_RULES.createRateLimit.points). */
    const roomWithSender = (title: string) => createRoom(host.agent, { episodeId: aired[0], title, invite: [sender.userId] });
    const send = (code: string, body: Record<string, unknown>, agent = sender.agent) => agent.post(`/api/rooms/${code}/messages`).send(body);
    const storedIn = async (code: string) =>
      (await db.query('SELECT m.seq::int AS seq, m.body, m.client_key FROM watch_room_message m JOIN watch_room r ON r.id = m.room_id WHERE r.code = $1 ORDER BY m.seq', [
        code,
      ])) as Array<{ seq: number; body: string; client_key: string | null }>;

    beforeAll(async () => {
      ({ aired } = await importRoomCatalog(db));
      [host, sender] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
      refusingCode = await roomWithSender('Reddedilenler');
    });

    it('requires authentication, with or without a key', async () => {
      const before = await snapshot();
      const response = await visitorAgent(sut.baseUrl).post(`/api/rooms/${refusingCode}/messages`).send({ text: 'selam', clientKey: sendKey() });
      expect(response.status).toBe(401);
      expect(await snapshot()).toEqual(before);
    });

    it('answers a repeat of a key with the stored message: one row, one number, one push', async () => {
      const code = await roomWithSender('Tekrar');
      const listener = await socketOf(host);
      await joinRoom(listener, code);
      const pushed = collect(listener, 'chat.messageCreated');
      const clientKey = sendKey();

      const first = await send(code, { text: 'merhaba', clientKey });
      const again = await send(code, { text: 'merhaba', clientKey });
      const marker = await send(code, { text: 'sonraki' });

      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(first.body).toMatchObject({ seq: 1, text: 'merhaba' });
      expect(marker.body.seq).toBe(2);
      expect(await storedIn(code)).toEqual([
        { seq: 1, body: 'merhaba', client_key: clientKey },
        { seq: 2, body: 'sonraki', client_key: null },
      ]);
      await eventually(() => pushed, (seen) => seen.some((message) => message.seq === 2));
      expect(pushed.map((message) => message.seq)).toEqual([1, 2]);
    });

    it('stores five concurrent sends of one key once, each answered the same message, and takes one number', async () => {
      const code = await roomWithSender('Aynı anda');
      const clientKey = sendKey();
      const before = await snapshot();

      const responses = await Promise.all(Array.from({ length: 5 }, () => send(code, { text: 'aynı anda', clientKey })));

      expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
      for (const response of responses) expect(response.body).toEqual(responses[0]!.body);
      expect(responses[0]!.body.seq).toBe(1);
      expect(await storedIn(code)).toEqual([{ seq: 1, body: 'aynı anda', client_key: clientKey }]);
      expect(await snapshot()).toEqual({ ...before, messages: before.messages + 1, sequences: before.sequences + 1 });
      expect((await send(code, { text: 'sonraki' })).body.seq).toBe(2);
    });

    it('takes the key on the legacy add_chat too, and a JSON retry of it answers the same message', async () => {
      const code = await roomWithSender('Eski istemci');
      const clientKey = sendKey();

      const first = await legacy(sender.agent, { type: 'add_chat', code, data: 'eski selam', client_key: clientKey });
      const again = await legacy(sender.agent, { type: 'add_chat', code, data: 'eski selam', client_key: clientKey });
      const concurrent = await Promise.all(
        Array.from({ length: 5 }, () => legacy(sender.agent, { type: 'add_chat', code, data: 'eski selam', client_key: clientKey })),
      );
      const json = await send(code, { text: 'eski selam', clientKey });

      expect(first.body).toEqual({ success: true, id: 1, theme: expect.stringContaining('data-id="1"') });
      expect(again.body).toEqual(first.body);
      for (const response of concurrent) expect(response.body).toEqual(first.body);
      expect(json.body.seq).toBe(1);
      expect(await storedIn(code)).toHaveLength(1);
    });

    it('stores two messages for two sends without a key, as legacy clients always did', async () => {
      const code = await roomWithSender('Anahtarsız');

      const json = [await send(code, { text: 'iki kez' }), await send(code, { text: 'iki kez' })];
      const old = [await legacy(sender.agent, { type: 'add_chat', code, data: 'iki kez' }), await legacy(sender.agent, { type: 'add_chat', code, data: 'iki kez', client_key: '' })];

      expect(json.map((response) => response.body.seq)).toEqual([1, 2]);
      expect(old.map((response) => response.body.id)).toEqual([3, 4]);
      expect(await storedIn(code)).toHaveLength(4);
    });

    it('keeps keys apart per member and per room', async () => {
      const code = await roomWithSender('Ayrı');
      const otherRoom = await roomWithSender('Başka');
      const clientKey = sendKey();

      const mine = await send(code, { text: 'aynı anahtar', clientKey });
      const hosts = await send(code, { text: 'aynı anahtar', clientKey }, host.agent);
      const elsewhere = await send(otherRoom, { text: 'aynı anahtar', clientKey });

      expect([mine.body.seq, hosts.body.seq, elsewhere.body.seq]).toEqual([1, 2, 1]);
      expect(hosts.body.author.id).toBe(host.userId);
    });

    it('refuses a repeat of a key with a different text, in Turkish, and stores nothing', async () => {
      const code = await roomWithSender('Farklı metin');
      const clientKey = sendKey();
      await send(code, { text: 'ilk metin', clientKey });
      const before = await snapshot();

      const json = await send(code, { text: 'başka metin', clientKey });
      const old = await legacy(sender.agent, { type: 'add_chat', code, data: 'başka metin', client_key: clientKey });

      expect(json.status).toBe(409);
      expect(json.body).toEqual({ statusCode: 409, message: SEND_KEY_MESSAGES.reused });
      expect(old.body).toEqual({ success: false, error: true, message: SEND_KEY_MESSAGES.reused });
      expect(await snapshot()).toEqual(before);
    });

    it.each(MALFORMED_KEYS)('refuses a key %s with a Turkish 400 and stores nothing', async (_case, clientKey) => {
      const code = refusingCode;
      const before = await snapshot();

      const json = await send(code, { text: 'merhaba', clientKey });
      const old = await sender.agent.post('/ajax/service').send({ type: 'add_chat', code, data: 'merhaba', client_key: clientKey });

      expect(json.status).toBe(400);
      expect(json.body).toEqual({ statusCode: 400, message: SEND_KEY_MESSAGES.invalid });
      expect(old.status).toBe(400);
      expect(old.body).toEqual({ success: false, error: true, message: SEND_KEY_MESSAGES.invalid });
      expect(await snapshot()).toEqual(before);
    });

    it(`does not count repeats against the ${ROOM_RULES.sendRateLimit.points}-message send limit`, async () => {
      const code = await roomWithSender('Limit');
      const clientKey = sendKey();
      for (let index = 0; index <= ROOM_RULES.sendRateLimit.points; index += 1) {
        expect((await send(code, { text: 'tekrar tekrar', clientKey })).body.seq).toBe(1);
      }
      for (let index = 1; index < ROOM_RULES.sendRateLimit.points; index += 1) {
        expect((await send(code, { text: `mesaj ${index}` })).status).toBe(201);
      }
      expect((await send(code, { text: 'fazla' })).status).toBe(429);
      expect(await storedIn(code)).toHaveLength(ROOM_RULES.sendRateLimit.points);
    });
  });

  describe('comments and replies', () => {
    const series = buildSeries({ seasons: [{ number: 1, episodes: [buildEpisode(1)] }] });
    let seriesId: number;
    let episodeId: number;
    /** A comment to reply to. */
    let headId: number;

    const postOnEpisode = (agent: MemberAgent, body: Record<string, unknown>) => agent.post(`/api/episodes/${episodeId}/comments`).send(body);
    const commentsByKey = async (clientKey: string) =>
      (await db.query('SELECT id, parent_id, text FROM comment WHERE client_key = $1', [clientKey])) as Array<{ id: number; parent_id: number | null; text: string }>;
    const statusesOf = (responses: request.Response[]) => responses.map((response) => response.status);

    beforeAll(async () => {
      await sut.server.app.get(CatalogImportService).import(buildCatalogFile([series]));
      [{ id: seriesId }] = await db.query('SELECT id FROM title WHERE slug = $1', [series.slug]);
      [{ id: episodeId }] = await db.query('SELECT id FROM episode WHERE title_id = $1', [seriesId]);
      headId = (await postOnEpisode((await signedInMember(sut.baseUrl)).agent, { text: 'Yanıtlanacak yorum' })).body.id;
    });

    it('requires authentication, with or without a key', async () => {
      const before = await snapshot();
      const visitor = visitorAgent(sut.baseUrl);
      expect((await visitor.post(`/api/episodes/${episodeId}/comments`).send({ text: 'selam', clientKey: sendKey() })).status).toBe(401);
      expect((await visitor.post('/add/comment').type('form').send({ type: 2, id: episodeId, comment: 'selam', client_key: sendKey() })).body.session).toBe(true);
      expect(await snapshot()).toEqual(before);
    });

    it('answers a repeat of a key with the stored comment: one row, one push', async () => {
      const { agent } = await signedInMember(sut.baseUrl);
      const listener = await socketOf(await signedInMember(sut.baseUrl));
      expect(await listener.timeout(2000).emitWithAck('room.join', { room: commentRooms.episode(episodeId) })).toEqual({ ok: true });
      const pushed = collect(listener, 'comment.created');
      const clientKey = sendKey();

      const first = await postOnEpisode(agent, { text: 'Harika bölüm', clientKey });
      const again = await postOnEpisode(agent, { text: 'Harika bölüm', clientKey });
      const marker = await postOnEpisode(agent, { text: 'Sonraki yorum' });

      expect(statusesOf([first, again, marker])).toEqual([201, 201, 201]);
      expect((again.body as CommentView).id).toBe((first.body as CommentView).id);
      expect(await commentsByKey(clientKey)).toHaveLength(1);
      await eventually(() => pushed, (seen) => seen.some((comment) => comment.id === marker.body.id));
      expect(pushed.map((comment) => comment.id)).toEqual([first.body.id, marker.body.id]);
    });

    it('stores five concurrent sends of one key once, each answered the same comment', async () => {
      const { agent } = await signedInMember(sut.baseUrl);
      const clientKey = sendKey();
      const before = await snapshot();

      const responses = await Promise.all(Array.from({ length: 5 }, () => postOnEpisode(agent, { text: 'Aynı anda', clientKey })));

      expect(statusesOf(responses)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(responses.map((response) => response.body.id)).size).toBe(1);
      expect(await commentsByKey(clientKey)).toEqual([{ id: responses[0]!.body.id, parent_id: null, text: 'Aynı anda' }]);
      expect(await snapshot()).toEqual({ ...before, comments: before.comments + 1 });
    });

    it('takes the key on the legacy /add/comment and /set/comment/reply, and on JSON replies', async () => {
      const { agent } = await signedInMember(sut.baseUrl);
      const [commentKey, replyKey, jsonReplyKey] = [sendKey(), sendKey(), sendKey()];

      const added = await Promise.all(
        Array.from({ length: 3 }, () => agent.post('/add/comment').type('form').send({ type: 2, id: episodeId, comment: 'Eski yorum', client_key: commentKey })),
      );
      const addedId = added[0]!.body.id as number;
      const replies = [
        await agent.post('/set/comment/reply').type('form').send({ id: addedId, message: 'Eski yanıt', client_key: replyKey }),
        await agent.post('/set/comment/reply').type('form').send({ id: addedId, message: 'Eski yanıt', client_key: replyKey }),
      ];
      const jsonReplies = await Promise.all(
        Array.from({ length: 3 }, () => postOnEpisode(agent, { text: 'Yeni yanıt', parentId: addedId, clientKey: jsonReplyKey })),
      );

      for (const response of added) expect(response.body).toMatchObject({ success: true, id: addedId });
      expect(replies[1]!.body).toEqual(replies[0]!.body);
      expect(new Set(jsonReplies.map((response) => response.body.id)).size).toBe(1);
      expect(await commentsByKey(commentKey)).toHaveLength(1);
      expect(await commentsByKey(replyKey)).toEqual([{ id: replies[0]!.body.id, parent_id: addedId, text: 'Eski yanıt' }]);
      expect(await commentsByKey(jsonReplyKey)).toEqual([{ id: jsonReplies[0]!.body.id, parent_id: addedId, text: 'Yeni yanıt' }]);
    });

    it('stores two comments for two sends without a key', async () => {
      const { agent } = await signedInMember(sut.baseUrl);
      const before = await snapshot();

      const json = [await postOnEpisode(agent, { text: 'İki kez' }), await postOnEpisode(agent, { text: 'İki kez' })];
      const old = [
        await agent.post('/add/comment').type('form').send({ type: 2, id: episodeId, comment: 'İki kez' }),
        await agent.post('/add/comment').type('form').send({ type: 2, id: episodeId, comment: 'İki kez', client_key: '' }),
      ];

      expect(new Set([...json, ...old].map((response) => response.body.id)).size).toBe(4);
      expect(await snapshot()).toEqual({ ...before, comments: before.comments + 4 });
    });

    it('refuses a repeat of a key with a different text, in Turkish, and stores nothing', async () => {
      const { agent } = await signedInMember(sut.baseUrl);
      const clientKey = sendKey();
      await postOnEpisode(agent, { text: 'İlk metin', clientKey });
      const before = await snapshot();

      const json = await postOnEpisode(agent, { text: 'Başka metin', clientKey });
      const old = await agent.post('/add/comment').type('form').send({ type: 2, id: episodeId, comment: 'Başka metin', client_key: clientKey });

      expect(json.status).toBe(409);
      expect(json.body).toEqual({ statusCode: 409, message: SEND_KEY_MESSAGES.reused });
      expect(old.body).toEqual({ success: false, error: true, message: SEND_KEY_MESSAGES.reused });
      expect(await snapshot()).toEqual(before);
    });

    it.each(MALFORMED_KEYS)('refuses a key %s with a Turkish 400 and stores nothing', async (_case, clientKey) => {
      const { agent } = await signedInMember(sut.baseUrl);
      const before = await snapshot();

      const responses = [
        await postOnEpisode(agent, { text: 'Merhaba', clientKey }),
        await agent.post('/add/comment').send({ type: 2, id: episodeId, comment: 'Merhaba', client_key: clientKey }),
        await agent.post('/set/comment/reply').send({ id: headId, message: 'Merhaba', client_key: clientKey }),
      ];

      expect(statusesOf(responses)).toEqual([400, 400, 400]);
      expect(responses[0]!.body).toEqual({ statusCode: 400, message: SEND_KEY_MESSAGES.invalid });
      for (const response of responses.slice(1)) expect(response.body).toEqual({ success: false, error: true, message: SEND_KEY_MESSAGES.invalid });
      expect(await snapshot()).toEqual(before);
    });

    it(`does not count repeats against the ${COMMENT_RULES.sendRateLimit.points}-comment send limit`, async () => {
      const { agent } = await signedInMember(sut.baseUrl);
      const clientKey = sendKey();
      const first = await postOnEpisode(agent, { text: 'Tekrar tekrar', clientKey });
      for (let index = 0; index < COMMENT_RULES.sendRateLimit.points; index += 1) {
        expect((await postOnEpisode(agent, { text: 'Tekrar tekrar', clientKey })).body.id).toBe(first.body.id);
      }
      for (let index = 1; index < COMMENT_RULES.sendRateLimit.points; index += 1) {
        expect((await postOnEpisode(agent, { text: `Yorum ${index}` })).status).toBe(201);
      }
      expect((await postOnEpisode(agent, { text: 'Fazla' })).status).toBe(429);
    });
  });
});
