import {
  MESSAGES,
  MESSAGE_RULES,
  PRIVATE_MESSAGE_MESSAGES as M,
  REALTIME_MESSAGES,
  ROOM_MESSAGES,
  SEND_KEY_MESSAGES,
  rooms,
  streams,
  type ConversationList,
  type ConversationView,
  type PrivateMessage,
} from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import type { MessageSentEvent } from '../../src/messages';
import { ConversationPresence } from '../../src/messages';
import { DomainEvents } from '../../src/platform/events/domain-events';
import { visitorAgent } from '../factories/members';
import { createRoom, importRoomCatalog, signedInMember, type MemberAgent, type SignedInMember } from '../factories/rooms';
import { collect, connectSocket, eventually, type RoomSocket } from '../harness/room-client';
import { TEST_REDIS_URL } from '../support/services';
import { startTestApp, type TestApp } from '../support/test-app';

describe('private messages', () => {
  let sut: TestApp;
  let db: DataSource;
  let alice: SignedInMember;
  let bob: SignedInMember;
  let carol: SignedInMember;
  /** Alice and Bob's conversation, started by the first test of "sending". */
  let hash: string;
  const sent: MessageSentEvent[] = [];
  const sockets: RoomSocket[] = [];

  /** Everything a message write could change. */
  const snapshot = async () =>
    (
      await db.query(`SELECT (SELECT count(*) FROM conversation)::int AS conversations,
                             (SELECT count(*) FROM conversation_member)::int AS sides,
                             (SELECT coalesce(sum(read_seq + last_seq), 0) FROM conversation_member)::int AS positions,
                             (SELECT count(*) FROM private_message)::int AS messages,
                             (SELECT count(*) FROM member_block)::int AS blocks,
                             (SELECT count(*) FROM outbox_message WHERE name = 'message.sent')::int AS events,
                             (SELECT coalesce(sum(last_seq), 0) FROM stream_sequence WHERE stream LIKE 'conversation:%')::int AS sequences`)
    )[0] as Record<string, number>;

  const legacy = (agent: MemberAgent | ReturnType<typeof visitorAgent>, fields: Record<string, unknown>) => agent.post('/ajax/service').type('form').send(fields);
  const legacyPath = (agent: MemberAgent | ReturnType<typeof visitorAgent>, path: string, fields: Record<string, unknown>) => agent.post(path).type('form').send(fields);

  const socketOf = async (member: SignedInMember) => {
    const socket = await connectSocket(sut.baseUrl, member.cookie);
    sockets.push(socket);
    return socket;
  };

  /** Starts (or continues) a conversation through the JSON API; answers the stored message. */
  const message = async (from: SignedInMember, to: SignedInMember, text: string): Promise<PrivateMessage> => {
    const response = await from.agent.post('/api/conversations').send({ username: to.username, text });
    if (response.status !== 201) throw new Error(`send failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as PrivateMessage;
  };

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true', REDIS_URL: TEST_REDIS_URL });
    db = sut.server.app.get(DataSource);
    [alice, bob, carol] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
    sut.server.app.get(DomainEvents).subscribe('message.sent', 'test.messages', (event) => void sent.push(event));
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await sut.close();
  });

  describe('authentication', () => {
    it('requires authentication on every JSON route and legacy call, changing nothing', async () => {
      const before = await snapshot();
      const visitor = visitorAgent(sut.baseUrl);
      const fake = 'AAAAAAAAAAAAAAAAAAAAAA';
      const json = await Promise.all([
        visitor.get('/api/conversations'),
        visitor.post('/api/conversations').send({ username: bob.username, text: 'Merhaba' }),
        visitor.get('/api/conversations/unread'),
        visitor.get(`/api/conversations/with/${bob.username}`),
        visitor.get(`/api/conversations/${fake}`),
        visitor.get(`/api/conversations/${fake}/messages`),
        visitor.post(`/api/conversations/${fake}/messages`).send({ text: 'Merhaba' }),
        visitor.post(`/api/conversations/${fake}/read`).send({}),
        visitor.get(`/api/users/${bob.username}/block`),
        visitor.post(`/api/users/${bob.username}/block`),
        visitor.delete(`/api/users/${bob.username}/block`),
      ]);
      for (const response of json) expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: { statusCode: 401, message: MESSAGES.loginRequired } });
      const old = await Promise.all([
        legacy(visitor, { type: 'sendMessage', id: bob.userId, message: 'Merhaba' }),
        legacy(visitor, { type: 'getMessage', hash: fake }),
        legacyPath(visitor, '/user/get/message', { id: bob.userId }),
        legacyPath(visitor, '/user/send/message', { id: bob.userId, message: 'Merhaba', first: 1 }),
      ]);
      for (const response of old) expect(response.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('sending', () => {
    it('starts a conversation with a first message, numbered 1, with its message.sent event in the outbox', async () => {
      const response = await alice.agent.post('/api/conversations').send({ username: bob.username.toUpperCase(), text: '  Merhaba Bob!  ' });

      expect(response.status).toBe(201);
      const first = response.body as PrivateMessage;
      expect(first).toEqual({
        seq: 1,
        hash: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        sender: { id: alice.userId, username: alice.username, profileName: alice.username, avatarUrl: null },
        text: 'Merhaba Bob!',
        sentAt: expect.any(String),
      });
      hash = first.hash;
      const [outbox] = await db.query("SELECT payload FROM outbox_message WHERE name = 'message.sent' AND payload->>'hash' = $1", [hash]);
      const expected: MessageSentEvent = {
        conversationId: expect.any(Number) as unknown as number,
        hash,
        seq: 1,
        senderId: alice.userId,
        senderUsername: alice.username,
        senderName: alice.username,
        recipientId: bob.userId,
        preview: 'Merhaba Bob!',
        first: true,
      };
      expect(outbox.payload).toEqual(expected);
      const event = await eventually(() => sent.find((seen) => seen.hash === hash && seen.seq === 1), Boolean);
      expect(event).toEqual(outbox.payload);
      const sides = await db.query('SELECT user_id, other_id, last_seq::int, read_seq::int FROM conversation_member ORDER BY user_id');
      expect(sides).toEqual(
        [
          { user_id: alice.userId, other_id: bob.userId, last_seq: 1, read_seq: 1 },
          { user_id: bob.userId, other_id: alice.userId, last_seq: 1, read_seq: 0 },
        ].sort((a, b) => a.user_id - b.user_id),
      );
    });

    it('sends further messages in the same conversation, numbered next, not first, the preview cut to 80 characters', async () => {
      const long = 'ş'.repeat(200);
      const reply = await bob.agent.post(`/api/conversations/${hash}/messages`).send({ text: long });
      const again = await alice.agent.post('/api/conversations').send({ username: bob.username, text: 'Bir daha' });

      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ seq: 2, hash, text: long, sender: { id: bob.userId } });
      expect(again.body).toMatchObject({ seq: 3, hash });
      const events = await db.query("SELECT payload FROM outbox_message WHERE name = 'message.sent' AND payload->>'hash' = $1 ORDER BY id", [hash]);
      expect(events.map((row: { payload: MessageSentEvent }) => [row.payload.seq, row.payload.first, row.payload.preview.length, row.payload.senderId])).toEqual([
        [1, true, 12, alice.userId],
        [2, false, MESSAGE_RULES.previewLength, bob.userId],
        [3, false, 8, alice.userId],
      ]);
      expect(await db.query('SELECT count(*)::int AS count FROM conversation')).toEqual([{ count: 1 }]);
    });

    it('pushes a new message to every tab of both members, and to nobody else', async () => {
      const [aliceTab1, aliceTab2, bobTab, carolTab] = await Promise.all([socketOf(alice), socketOf(alice), socketOf(bob), socketOf(carol)]);
      const seen = [aliceTab1, aliceTab2, bobTab, carolTab].map((socket) => collect(socket, 'message.created'));
      const stored = (await alice.agent.post(`/api/conversations/${hash}/messages`).send({ text: 'Canlı mı?' })).body as PrivateMessage;
      // Carol's sentinel: a message of her own conversation reaches her after Alice's would have.
      const sentinel = await message(bob, carol, 'Carol, merhaba');

      await eventually(() => seen.every((list) => list.length > 0), Boolean);
      for (const list of seen.slice(0, 3)) expect(list.filter((item) => item.hash === hash)).toEqual([{ ...stored, recipientId: bob.userId }]);
      expect(seen[3]).toEqual([{ ...sentinel, recipientId: carol.userId }]);
    });

    it('answers a repeated send key with the stored message, storing and pushing nothing again', async () => {
      const first = await bob.agent.post(`/api/conversations/${hash}/messages`).send({ text: 'Tek sefer', clientKey: 'anahtar-0001' });
      const before = await snapshot();
      const again = await bob.agent.post(`/api/conversations/${hash}/messages`).send({ text: 'Tek sefer', clientKey: 'anahtar-0001' });
      const legacyAgain = await legacy(bob.agent, { type: 'sendMessage', hash, message: 'Tek sefer', client_key: 'anahtar-0001' });
      const other = await bob.agent.post(`/api/conversations/${hash}/messages`).send({ text: 'Başka metin', clientKey: 'anahtar-0001' });

      expect(again.body).toEqual(first.body);
      expect(legacyAgain.body).toMatchObject({ success: true, id: first.body.seq });
      expect(other.status).toBe(409);
      expect(other.body.message).toBe(SEND_KEY_MESSAGES.reused);
      expect(await snapshot()).toEqual(before);
    });

    it('stores HTML as the text it is, and every surface shows it as text', async () => {
      const text = '<script>alert(1)</script><b>kalın</b> & <img src=x onerror=alert(2)>';
      const json = await alice.agent.post(`/api/conversations/${hash}/messages`).send({ text });
      const old = await legacy(alice.agent, { type: 'sendMessage', hash, message: text });

      expect(json.body.text).toBe(text);
      expect(old.body.theme).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;kalın&lt;/b&gt; &amp; &lt;img src=x onerror=alert(2)&gt;');
      expect(old.body.theme).not.toMatch(/<script|<b>|<img src=x/);
      const [row] = await db.query('SELECT body FROM private_message WHERE conversation_id = (SELECT id FROM conversation WHERE hash = $1) AND seq = $2', [hash, json.body.seq]);
      expect(row.body).toBe(text);
    });
  });

  describe('reading', () => {
    it('lists conversations newest first, with the other member, the last message and the unread mark', async () => {
      const response = await bob.agent.get('/api/conversations');

      expect(response.status).toBe(200);
      const list = response.body as ConversationList;
      expect(list.conversations.map((conversation) => conversation.other.id)).toEqual([alice.userId, carol.userId]);
      const withAlice = list.conversations[0]!;
      const [last] = await db.query('SELECT max(seq)::int AS seq FROM private_message WHERE conversation_id = (SELECT id FROM conversation WHERE hash = $1)', [hash]);
      expect(withAlice).toEqual({
        hash,
        other: { id: alice.userId, username: alice.username, profileName: alice.username, avatarUrl: null },
        lastMessage: { seq: last.seq, senderId: alice.userId, text: expect.any(String), sentAt: expect.any(String) },
        unread: true,
      });
      // Bob wrote the last message to Carol himself.
      expect(list.conversations[1]!.unread).toBe(false);
      expect((await bob.agent.get('/api/conversations/unread')).body).toEqual({ count: 1 });
    });

    it('searches the conversations by the other member, ignoring case', async () => {
      const found = await bob.agent.get('/api/conversations').query({ q: alice.username.toUpperCase() });
      const none = await bob.agent.get('/api/conversations').query({ q: 'kimse-yok' });

      expect(found.body.conversations.map((conversation: { hash: string }) => conversation.hash)).toEqual([hash]);
      expect(none.body).toEqual({ conversations: [] });
    });

    it('opens a conversation by hash and by username, and an empty one with a member not talked to yet', async () => {
      const byHash = await bob.agent.get(`/api/conversations/${hash}`);
      const byName = await bob.agent.get(`/api/conversations/with/${alice.username}`);
      const fresh = await alice.agent.get(`/api/conversations/with/${carol.username}`);

      expect(byHash.body).toEqual(byName.body);
      expect(byHash.body).toMatchObject({ hash, other: { id: alice.userId }, blockedByMe: false });
      const view = byHash.body as ConversationView;
      expect(view.readSeq).toBeLessThan(view.lastSeq);
      expect(view.otherReadSeq).toBe(view.lastSeq);
      expect(fresh.body).toEqual({
        hash: null,
        other: { id: carol.userId, username: carol.username, profileName: carol.username, avatarUrl: null },
        lastSeq: 0,
        readSeq: 0,
        otherReadSeq: 0,
        blockedByMe: false,
      });
    });

    it('marks read in one tab, clearing the unread mark in the others and moving "Görüldü" for the other member', async () => {
      const [bobOther, aliceTab] = await Promise.all([socketOf(bob), socketOf(alice)]);
      const bobSeen = collect(bobOther, 'conversation.read');
      const aliceSeen = collect(aliceTab, 'conversation.read');
      const view = (await bob.agent.get(`/api/conversations/${hash}`)).body as ConversationView;

      const response = await bob.agent.post(`/api/conversations/${hash}/read`).send({ seq: view.lastSeq });
      const repeat = await bob.agent.post(`/api/conversations/${hash}/read`).send({});

      expect(response.body).toEqual({ readSeq: view.lastSeq });
      expect(repeat.body).toEqual({ readSeq: view.lastSeq });
      const payload = { hash, readerId: bob.userId, readSeq: view.lastSeq };
      await eventually(() => bobSeen.length + aliceSeen.length, (count) => count >= 2);
      expect(bobSeen).toEqual([payload]);
      expect(aliceSeen).toEqual([payload]);
      expect((await bob.agent.get('/api/conversations/unread')).body).toEqual({ count: 0 });
      expect((await alice.agent.get(`/api/conversations/${hash}`)).body.otherReadSeq).toBe(view.lastSeq);
    });

    it('never moves the read position past the newest message', async () => {
      const view = (await alice.agent.get(`/api/conversations/${hash}`)).body as ConversationView;
      const response = await alice.agent.post(`/api/conversations/${hash}/read`).send({ seq: view.lastSeq + 50 });

      expect(response.body).toEqual({ readSeq: view.lastSeq });
    });

    it('pages older messages before a sequence and newer ones after it, oldest first', async () => {
      const [dave, erin] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
      const { hash: pageHash } = await message(dave, erin, 'mesaj 1');
      const count = MESSAGE_RULES.pageSize * 2 + 5;
      await db.query(
        `INSERT INTO private_message (conversation_id, seq, sender_id, body)
         SELECT c.id, n, $2, 'mesaj ' || n FROM conversation c, generate_series(2, $3::int) n WHERE c.hash = $1`,
        [pageHash, dave.userId, count],
      );
      await db.query('UPDATE stream_sequence SET last_seq = $2 WHERE stream = $1', [streams.conversation(pageHash), count]);
      await db.query('UPDATE conversation_member SET last_seq = $2 WHERE conversation_id = (SELECT id FROM conversation WHERE hash = $1)', [pageHash, count]);

      const newest = await erin.agent.get(`/api/conversations/${pageHash}/messages`);
      const older = await erin.agent.get(`/api/conversations/${pageHash}/messages`).query({ before: newest.body.messages[0].seq });
      const oldest = await erin.agent.get(`/api/conversations/${pageHash}/messages`).query({ before: older.body.messages[0].seq });
      const after = await erin.agent.get(`/api/conversations/${pageHash}/messages`).query({ after: 0 });

      const seqs = (page: { body: { messages: PrivateMessage[] } }) => page.body.messages.map((item) => item.seq);
      const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
      expect(seqs(newest)).toEqual(range(count - MESSAGE_RULES.pageSize + 1, count));
      expect(newest.body.hasMore).toBe(true);
      expect(seqs(older)).toEqual(range(count - 2 * MESSAGE_RULES.pageSize + 1, count - MESSAGE_RULES.pageSize));
      expect(seqs(oldest)).toEqual(range(1, count - 2 * MESSAGE_RULES.pageSize));
      expect(oldest.body.hasMore).toBe(false);
      expect(seqs(after)).toEqual(range(1, count));
      expect(after.body.hasMore).toBe(false);
    });

    it('answers the stream heads of a conversation to its members only', async () => {
      const [bobSocket, carolSocket] = await Promise.all([socketOf(bob), socketOf(carol)]);
      const view = (await bob.agent.get(`/api/conversations/${hash}`)).body as ConversationView;
      const stream = streams.conversation(hash);

      expect(await bobSocket.timeout(5000).emitWithAck('stream.heads', { streams: [stream] })).toEqual({ heads: { [stream]: view.lastSeq } });
      expect(await carolSocket.timeout(5000).emitWithAck('stream.heads', { streams: [stream] })).toEqual({ heads: {} });
    });
  });

  describe('legacy calls', () => {
    it('sendMessage and /user/send/message store by recipient id (first) or hash, answering message, theme, hash and id', async () => {
      const [dave, erin] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
      const first = await legacyPath(dave.agent, '/user/send/message', { id: erin.userId, message: 'İlk mesaj', first: 1 });
      const byHash = await legacy(erin.agent, { type: 'sendMessage', hash: first.body.hash, message: 'Cevap <i>veriyorum</i>', id: dave.userId });
      const byId = await legacy(dave.agent, { type: 'sendMessage', id: erin.userId, message: 'Üçüncü' });

      expect(first.status).toBe(200);
      expect(first.body).toEqual({ success: true, message: M.sent, theme: expect.stringContaining('İlk mesaj'), hash: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), id: 1 });
      expect(first.body.theme).toContain('data-id="1"');
      expect(byHash.body).toMatchObject({ success: true, message: M.sent, hash: first.body.hash, id: 2 });
      expect(byHash.body.theme).toContain('Cevap &lt;i&gt;veriyorum&lt;/i&gt;');
      expect(byId.body).toMatchObject({ success: true, hash: first.body.hash, id: 3 });
    });

    it('/user/get/message answers the other member and the messages, by hash or id, and marks the conversation read', async () => {
      const [dave, erin] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
      const { hash: theirs } = await message(dave, erin, 'Merhaba <b>Erin</b>');
      const byHash = await legacyPath(erin.agent, '/user/get/message', { hash: theirs });
      const byId = await legacyPath(erin.agent, '/user/get/message', { id: dave.userId });
      const fresh = await legacyPath(erin.agent, '/user/get/message', { id: carol.userId });

      expect(byHash.body).toEqual({
        success: true,
        user: { profile: `/profile/${dave.username}`, name: dave.username, username: dave.username, avatar: null },
        theme: expect.stringContaining('Merhaba &lt;b&gt;Erin&lt;/b&gt;'),
        hash: theirs,
        id: 1,
      });
      expect(byId.body).toEqual(byHash.body);
      expect(fresh.body).toEqual({ success: true, user: expect.objectContaining({ username: carol.username }), theme: '', hash: null, id: 0 });
      expect((await erin.agent.get('/api/conversations/unread')).body).toEqual({ count: 0 });
    });

    it('getMessage answers the messages after a sequence as message, whether the viewer may send, and the next cursor', async () => {
      const [dave, erin] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
      const { hash: theirs } = await message(dave, erin, 'bir');
      await message(erin, dave, 'iki');
      const all = await legacy(erin.agent, { type: 'getMessage', hash: theirs });
      const after = await legacy(erin.agent, { type: 'getMessage', hash: theirs, id: 1 });

      expect(all.body).toEqual({ success: true, message: expect.stringContaining('bir'), send: true, id: 2 });
      expect(after.body.message).not.toContain('data-id="1"');
      expect(after.body).toMatchObject({ success: true, send: true, id: 2, message: expect.stringContaining('data-id="2"') });
      await dave.agent.post(`/api/users/${erin.username}/block`);
      expect((await legacy(erin.agent, { type: 'getMessage', hash: theirs, id: 2 })).body).toEqual({ success: true, message: '', send: false, id: 2 });
    });

    it('refuses a hash and an id that name different members', async () => {
      const before = await snapshot();
      const response = await legacy(alice.agent, { type: 'sendMessage', hash, id: carol.userId, message: 'Karışık' });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, message: M.recipientMismatch });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('bad input, each refused in Turkish and changing nothing', () => {
    const tooLong = 'a'.repeat(MESSAGE_RULES.maxLength + 1);
    it.each([
      ['a message to oneself', () => ({ username: alice.username, text: 'Ben' }), 400, M.toSelf],
      ['a message to a missing member', () => ({ username: 'yok_boyle_biri', text: 'Kimse?' }), 404, M.recipientNotFound],
      ['a malformed username', () => ({ username: '../../etc', text: 'Kimse?' }), 400, M.recipientNotFound],
      ['no recipient', () => ({ text: 'Kime?' }), 400, M.recipientRequired],
      ['an empty text', () => ({ username: bob.username, text: '' }), 400, M.textRequired],
      ['a whitespace-only text', () => ({ username: bob.username, text: ' \n\t\u200B ' }), 400, M.textRequired],
      ['no text at all', () => ({ username: bob.username }), 400, M.textRequired],
      ['a text that is not a string', () => ({ username: bob.username, text: ['a'] }), 400, M.textRequired],
      ['an oversized text', () => ({ username: bob.username, text: tooLong }), 400, M.textTooLong],
      ['a huge text', () => ({ username: bob.username, text: 'ş'.repeat(100_000) }), 400, M.textTooLong],
      ['a malformed send key', () => ({ username: bob.username, text: 'a', clientKey: 'kısa' }), 400, SEND_KEY_MESSAGES.invalid],
    ])('refuses %s', async (_case, body, status, text) => {
      const before = await snapshot();
      const response = await alice.agent.post('/api/conversations').send(body());

      expect(response.status).toBe(status);
      expect(response.body).toEqual({ statusCode: status, message: text });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses the same bad texts in an existing conversation and over the legacy calls', async () => {
      const before = await snapshot();
      const empty = await alice.agent.post(`/api/conversations/${hash}/messages`).send({ text: '   ' });
      const long = await alice.agent.post(`/api/conversations/${hash}/messages`).send({ text: tooLong });
      const legacyEmpty = await legacy(alice.agent, { type: 'sendMessage', hash, message: '' });
      const legacySelf = await legacyPath(alice.agent, '/user/send/message', { id: alice.userId, message: 'Ben', first: 1 });
      const legacyMissing = await legacyPath(alice.agent, '/user/send/message', { id: 2_000_000_000, message: 'Kimse?', first: 1 });
      const legacyNoRecipient = await legacy(alice.agent, { type: 'sendMessage', message: 'Kime?' });

      expect([empty.status, empty.body.message]).toEqual([400, M.textRequired]);
      expect([long.status, long.body.message]).toEqual([400, M.textTooLong]);
      expect(legacyEmpty.body).toMatchObject({ success: false, message: M.textRequired });
      expect(legacySelf.body).toMatchObject({ success: false, message: M.toSelf });
      expect(legacyMissing.body).toMatchObject({ success: false, message: M.recipientNotFound });
      expect(legacyNoRecipient.body).toMatchObject({ success: false, message: M.recipientRequired });
      expect(await snapshot()).toEqual(before);
    });

    it('answers a guessed hash the same as one that does not exist, on every route and call', async () => {
      const before = await snapshot();
      const made = 'AAAAAAAAAAAAAAAAAAAAAA';
      const answers = async (target: string) =>
        Promise.all([
          carol.agent.get(`/api/conversations/${target}`),
          carol.agent.get(`/api/conversations/${target}/messages`).query({ after: 0 }),
          carol.agent.post(`/api/conversations/${target}/messages`).send({ text: 'Sızma' }),
          carol.agent.post(`/api/conversations/${target}/read`).send({}),
          legacy(carol.agent, { type: 'getMessage', hash: target }),
          legacy(carol.agent, { type: 'sendMessage', hash: target, message: 'Sızma' }),
          legacyPath(carol.agent, '/user/get/message', { hash: target }),
        ]).then((responses) => responses.map((response) => ({ status: response.status, body: response.body })));

      const guessed = await answers(hash);
      const missing = await answers(made);
      const malformed = await answers('a%27%20OR%201%3D1');

      expect(guessed).toEqual(missing);
      expect(guessed[0]).toEqual({ status: 404, body: { statusCode: 404, message: M.conversationNotFound } });
      expect(guessed[4]).toEqual({ status: 404, body: { success: false, error: true, message: M.conversationNotFound } });
      expect(malformed.map((answer) => answer.body.message)).toEqual(missing.map(() => M.conversationNotFound));
      expect(await snapshot()).toEqual(before);
    });

    it("refuses to join another member's user: channel, and takes no typing or viewing signal for a stranger's conversation", async () => {
      const [carolSocket, bobSocket] = await Promise.all([socketOf(carol), socketOf(bob)]);
      const bobTyping = collect(bobSocket, 'conversation.typingChanged');

      expect(await carolSocket.timeout(5000).emitWithAck('room.join', { room: rooms.user(bob.userId) })).toEqual({ ok: false, message: REALTIME_MESSAGES.roomRefused });
      expect(await carolSocket.timeout(5000).emitWithAck('room.join', { room: rooms.user(carol.userId) })).toEqual({ ok: true });

      const [row] = await db.query('SELECT id FROM conversation WHERE hash = $1', [hash]);
      carolSocket.emit('conversation.typing', { hash, typing: true });
      expect(await carolSocket.timeout(5000).emitWithAck('conversation.view', { hash, viewing: true })).toEqual({ ok: false, message: M.conversationNotFound });
      // The sentinel: Alice's own typing reaches Bob after Carol's would have.
      const aliceSocket = await socketOf(alice);
      aliceSocket.emit('conversation.typing', { hash, typing: true });
      await eventually(() => bobTyping.length, (count) => count > 0);
      expect(bobTyping).toEqual([{ hash, member: expect.objectContaining({ id: alice.userId }), typing: true }]);
      expect(await sut.server.app.get(ConversationPresence).isViewing(carol.userId, row.id)).toBe(false);
    });

    it.each([
      ['a cursor that is not a number', { before: 'abc' }],
      ['a negative cursor', { after: '-1' }],
      ['a fractional cursor', { before: '1.5' }],
      ['both cursors at once', { before: '5', after: '1' }],
      ['a hex cursor', { after: '0x10' }],
    ])('refuses a malformed page: %s', async (_case, query) => {
      const response = await alice.agent.get(`/api/conversations/${hash}/messages`).query(query);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, message: M.cursorInvalid });
    });

    it('refuses a malformed page on the legacy getMessage and a search that is too long', async () => {
      const old = await legacy(alice.agent, { type: 'getMessage', hash, id: 'iki' });
      const search = await alice.agent.get('/api/conversations').query({ q: 'a'.repeat(MESSAGE_RULES.searchMaxLength + 1) });

      expect(old.body).toMatchObject({ success: false, message: M.cursorInvalid });
      expect(search.body).toEqual({ statusCode: 400, message: M.searchTooLong });
    });

    it(`refuses more than ${MESSAGE_RULES.sendRateLimit.points} messages a member sends in ${MESSAGE_RULES.sendRateLimit.windowSeconds} s`, async () => {
      const [flooder, target] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
      const { hash: floodHash } = await message(flooder, target, 'mesaj 0');
      for (let index = 1; index < MESSAGE_RULES.sendRateLimit.points; index += 1) {
        const response = await flooder.agent.post(`/api/conversations/${floodHash}/messages`).send({ text: `mesaj ${index}` });
        expect(response.status).toBe(201);
      }
      const before = await snapshot();
      const json = await flooder.agent.post(`/api/conversations/${floodHash}/messages`).send({ text: 'bir tane daha' });
      const old = await legacy(flooder.agent, { type: 'sendMessage', hash: floodHash, message: 'bir tane daha' });
      const elsewhere = await flooder.agent.post('/api/conversations').send({ username: carol.username, text: 'başka yere' });

      expect(json.status).toBe(429);
      expect(json.body.message).toBe(MESSAGES.tooManyRequests);
      expect(old.body).toMatchObject({ success: false, message: MESSAGES.tooManyRequests });
      expect(elsewhere.status).toBe(429);
      // The conversation with Carol was made before the limit refused its first message; nothing else changed.
      const after = await snapshot();
      expect({ ...after, conversations: before.conversations, sides: before.sides }).toEqual(before);
    });
  });

  describe('blocking', () => {
    let blocker: SignedInMember;
    let blocked: SignedInMember;
    let blockHash: string;

    beforeAll(async () => {
      [blocker, blocked] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
      blockHash = (await message(blocked, blocker, 'Önce konuştuk')).hash;
    });

    it('blocks and unblocks from the profile, repeating changing nothing', async () => {
      expect((await blocker.agent.get(`/api/users/${blocked.username}/block`)).body).toEqual({ blocked: false });
      const block = await blocker.agent.post(`/api/users/${blocked.username}/block`);
      const again = await blocker.agent.post(`/api/users/${blocked.username.toUpperCase()}/block`);

      expect(block.status).toBe(200);
      expect(block.body).toEqual({ blocked: true });
      expect(again.body).toEqual({ blocked: true });
      expect((await blocker.agent.get(`/api/users/${blocked.username}/block`)).body).toEqual({ blocked: true });
      expect((await blocker.agent.get(`/api/conversations/${blockHash}`)).body.blockedByMe).toBe(true);
      expect(await db.query('SELECT count(*)::int AS count FROM member_block WHERE blocker_id = $1', [blocker.userId])).toEqual([{ count: 1 }]);
    });

    it('refuses the blocked member\'s messages with a plain Turkish text, on every surface, storing nothing', async () => {
      const before = await snapshot();
      const inConversation = await blocked.agent.post(`/api/conversations/${blockHash}/messages`).send({ text: 'Duyuyor musun?' });
      const fresh = await blocked.agent.post('/api/conversations').send({ username: blocker.username, text: 'Duyuyor musun?' });
      const old = await legacy(blocked.agent, { type: 'sendMessage', hash: blockHash, message: 'Duyuyor musun?' });
      const oldFirst = await legacyPath(blocked.agent, '/user/send/message', { id: blocker.userId, message: 'Duyuyor musun?', first: 1 });

      for (const response of [inConversation, fresh]) expect(response.body).toEqual({ statusCode: 403, message: M.blockedByRecipient });
      for (const response of [old, oldFirst]) expect(response.body).toMatchObject({ success: false, message: M.blockedByRecipient });
      expect(await snapshot()).toEqual(before);
    });

    it('lets the blocker still write, and the blocked member read', async () => {
      const response = await blocker.agent.post(`/api/conversations/${blockHash}/messages`).send({ text: 'Son sözüm' });

      expect(response.status).toBe(201);
      expect((await blocked.agent.get(`/api/conversations/${blockHash}/messages`)).body.messages.at(-1).text).toBe('Son sözüm');
    });

    it('refuses a room invitation of the blocker by the blocked member, creating nothing', async () => {
      const { aired } = await importRoomCatalog(db);
      const [rooms] = await db.query('SELECT count(*)::int AS count FROM watch_room');
      const response = await blocked.agent.post('/api/rooms').send({ episodeId: aired[0], title: 'Gel izleyelim', invite: [blocker.userId] });
      const old = await legacy(blocked.agent, { type: 'create_room', e_id: aired[0], title: 'Gel izleyelim', invite: String(blocker.userId) });

      expect(response.body).toEqual({ statusCode: 403, message: ROOM_MESSAGES.inviteBlocked });
      expect(old.body).toMatchObject({ success: false, message: ROOM_MESSAGES.inviteBlocked });
      expect(await db.query('SELECT count(*)::int AS count FROM watch_room')).toEqual([rooms]);
      // The blocker may still invite the member they blocked.
      await createRoom(blocker.agent, { episodeId: aired[0], title: 'Ben davet ederim', invite: [blocked.userId] });
    });

    it('refuses blocking oneself or a missing member', async () => {
      const before = await snapshot();
      const self = await blocker.agent.post(`/api/users/${blocker.username}/block`);
      const missing = await blocker.agent.post('/api/users/yok_boyle_biri/block');

      expect(self.body).toEqual({ statusCode: 400, message: M.blockSelf });
      expect(missing.body).toEqual({ statusCode: 404, message: M.memberNotFound });
      expect(await snapshot()).toEqual(before);
    });

    it('unblocks, and the messages go through again', async () => {
      const response = await blocker.agent.delete(`/api/users/${blocked.username}/block`);
      const send = await blocked.agent.post(`/api/conversations/${blockHash}/messages`).send({ text: 'Barıştık mı?' });

      expect(response.body).toEqual({ blocked: false });
      expect(send.status).toBe(201);
    });
  });

  describe('presence', () => {
    it('knows while a member has a conversation open in a tab, until the tab closes it or goes away', async () => {
      const presence = sut.server.app.get(ConversationPresence);
      const [row] = await db.query('SELECT id FROM conversation WHERE hash = $1', [hash]);
      const tab = await socketOf(bob);
      const otherTab = await socketOf(bob);

      const view = (socket: RoomSocket, viewing: boolean) => socket.timeout(5000).emitWithAck('conversation.view', { hash, viewing });

      expect(await presence.isViewing(bob.userId, row.id)).toBe(false);
      expect(await view(tab, true)).toEqual({ ok: true });
      expect(await presence.isViewing(bob.userId, row.id)).toBe(true);
      expect(await presence.isViewing(alice.userId, row.id)).toBe(false);
      await view(otherTab, true);
      await view(tab, false);
      // The other tab still has it open.
      expect(await presence.isViewing(bob.userId, row.id)).toBe(true);
      otherTab.close();
      expect(await eventually(() => presence.isViewing(bob.userId, row.id), (viewing) => !viewing)).toBe(false);
    });
  });
});

describe('conversation presence without Redis', () => {
  it('keeps the views in memory in the embedded mode', async () => {
    const sut = await startTestApp({ TRUST_PROXY: 'true' });
    try {
      const [alice, bob] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
      const sent = (await alice.agent.post('/api/conversations').send({ username: bob.username, text: 'Merhaba' })).body as PrivateMessage;
      const [row] = await sut.server.app.get(DataSource).query('SELECT id FROM conversation WHERE hash = $1', [sent.hash]);
      const presence = sut.server.app.get(ConversationPresence);
      const tab = await connectSocket(sut.baseUrl, bob.cookie);

      expect(await tab.timeout(5000).emitWithAck('conversation.view', { hash: sent.hash, viewing: true })).toEqual({ ok: true });
      expect(await presence.isViewing(bob.userId, row.id)).toBe(true);
      tab.close();
      expect(await eventually(() => presence.isViewing(bob.userId, row.id), (viewing) => !viewing)).toBe(false);
    } finally {
      await sut.close();
    }
  });
});
