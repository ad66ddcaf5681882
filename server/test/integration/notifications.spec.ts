import {
  MESSAGES,
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_RULES,
  REALTIME_MESSAGES,
  SOCKET_PATH,
  rooms,
  streams,
  type ClientToServerEvents,
  type NotificationView,
  type ServerToClientEvents,
} from '@seyirlik/shared-contracts';
import { io, type Socket } from 'socket.io-client';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { ConversationPresence, type MessageSentEvent } from '../../src/messages';
import { DomainEvents } from '../../src/platform/events/domain-events';
import { createRoom, importRoomCatalog, signedInMember, type SignedInMember } from '../factories/rooms';
import { startTestApp, type TestApp } from '../support/test-app';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Pushed = Parameters<ServerToClientEvents['notification.created']>[0];

async function waitFor<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolveWait) => setTimeout(resolveWait, 25));
  }
}

describe('notifications', () => {
  let sut: TestApp;
  let db: DataSource;
  let episodeId: number;
  const sockets: ClientSocket[] = [];

  /** Every notification row and the mute settings: what a refused request must leave as it was. */
  const snapshot = async () =>
    (await db.query(
      `SELECT (SELECT json_agg(n ORDER BY n.id) FROM notification n) AS notifications,
              (SELECT json_agg(m ORDER BY m.user_id, m.kind) FROM notification_mute m) AS mutes`,
    )) as unknown[];

  async function refused(send: () => Promise<request.Response>) {
    const before = await snapshot();
    const response = await send();
    expect(await snapshot()).toEqual(before);
    return response;
  }

  const rowsOf = async (userId: number) =>
    (await db.query('SELECT id, seq, kind, group_key, actor_id, actor_count, text, link, read_at FROM notification WHERE user_id = $1 ORDER BY seq', [
      userId,
    ])) as Array<{ id: string; seq: string; kind: string; group_key: string; actor_id: number; actor_count: number; text: string; link: string; read_at: Date | null }>;

  /** The member's notifications once there are `count` of them (the relay hands events on just after the commit). */
  const notificationsOf = (userId: number, count: number) => waitFor(async () => ((await rowsOf(userId)).length >= count ? rowsOf(userId) : null));

  async function connect(cookie: string): Promise<ClientSocket> {
    const socket: ClientSocket = io(sut.baseUrl, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { Cookie: cookie } });
    sockets.push(socket);
    await new Promise<void>((resolveConnect, reject) => {
      socket.once('connect', resolveConnect);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  /** The next push of `event` on `socket` that `accept` takes. */
  const nextPush = <E extends 'notification.created' | 'notification.read'>(
    socket: ClientSocket,
    event: E,
    accept: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  ) =>
    new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolvePush, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within 8 s`)), 8000);
      const listener = ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
        if (!accept(payload)) return;
        clearTimeout(timer);
        socket.off(event, listener as never);
        resolvePush(payload);
      }) as never;
      socket.on(event, listener);
    });

  /** A member who muted badge notices: these tests are about the other sources (badges.spec.ts covers badges). */
  const quietMember = () => signedInMember(sut.baseUrl, { muted: ['badge'] });

  const comment = async (by: SignedInMember, text: string, parentId?: number): Promise<number> => {
    const response = await by.agent.post(`/api/episodes/${episodeId}/comments`).send({ text, ...(parentId ? { parentId } : {}) });
    expect(response.status).toBe(201);
    return response.body.id as number;
  };
  const like = async (by: SignedInMember, commentId: number) => {
    const response = await by.agent.post(`/api/comments/${commentId}/like`);
    expect(response.body.liked).toBe(true);
  };

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    db = sut.server.app.get(DataSource);
    ({ aired: [episodeId] } = await importRoomCatalog(db));
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await sut.close();
  });

  describe('requires authentication', () => {
    it.each([
      ['get', '/api/notifications'],
      ['get', '/api/notifications/after?after=0'],
      ['post', '/api/notifications/read'],
      ['post', '/api/notifications/1/read'],
      ['get', '/api/notifications/mutes'],
      ['put', '/api/notifications/mutes'],
    ] as const)('answers a visitor 401 on %s %s', async (method, path) => {
      const { agent } = await signedInMember(sut.baseUrl);
      await agent.post('/auth/logout');

      const response = await agent[method](path);

      expect(response.status).toBe(401);
      expect(response.body.message).toBe(MESSAGES.loginRequired);
    });

    it.each([
      ['/ajax/service', { type: 'readNotification' }],
      ['/get/more/notification', { page: 1 }],
    ])('answers a visitor the session flag on %s', async (path, body) => {
      const { agent } = await signedInMember(sut.baseUrl);
      await agent.post('/auth/logout');

      const response = await agent.post(path).type('form').send(body);

      expect(response.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
    });
  });

  describe('sources', () => {
    it('tells the author of a comment of a reply, live with the unread count, naming the replier and linking the reply', async () => {
      const [author, replier] = [await quietMember(), await quietMember()];
      const socket = await connect(author.cookie);
      const head = await comment(author, 'Bu bölüm çok iyiydi');
      const pushed = nextPush(socket, 'notification.created');

      const replyId = await comment(replier, 'Katılıyorum', head);

      const [row] = await notificationsOf(author.userId, 1);
      expect(row).toMatchObject({ kind: 'comment.reply', group_key: `comment.reply:${replyId}`, actor_id: replier.userId, actor_count: 1, read_at: null });
      expect(row!.text).toBe(`${replier.username} yorumunuza yanıt verdi`);
      expect(row!.link).toMatch(new RegExp(`#yorum-${replyId}$`));
      const push = await pushed;
      expect(push.unreadCount).toBe(1);
      expect(push.notification).toMatchObject({
        id: Number(row!.id),
        seq: 1,
        kind: 'comment.reply',
        actor: { id: replier.userId, username: replier.username },
        actorCount: 1,
        text: row!.text,
        link: row!.link,
        read: false,
      });
    });

    it('tells nobody of their own reply or like', async () => {
      const [author, other] = [await quietMember(), await quietMember()];
      const head = await comment(author, 'Kendi kendime');
      await comment(author, 'Kendime yanıt', head);
      await like(author, head);

      // The sentinel: another member's reply, handed on after the member's own actions.
      await comment(other, 'Bir yanıt', head);
      const rows = await notificationsOf(author.userId, 1);

      expect(rows.map((row) => [row.kind, row.actor_id])).toEqual([['comment.reply', other.userId]]);
    });

    it('groups the likes of one comment in one notification, renumbered and unread again as they grow', async () => {
      const author = await quietMember();
      const [first, second, third] = [await quietMember(), await quietMember(), await quietMember()];
      const head = await comment(author, 'Beğenilecek yorum');

      await like(first, head);
      const [one] = await notificationsOf(author.userId, 1);
      expect(one).toMatchObject({ kind: 'comment.like', group_key: `comment.like:${head}`, actor_id: first.userId, actor_count: 1 });
      expect(one!.text).toBe(`${first.username} yorumunuzu beğendi`);
      await author.agent.post('/api/notifications/read').expect(200);

      await like(second, head);
      await like(third, head);
      const [grouped] = await waitFor(async () => {
        const rows = await rowsOf(author.userId);
        return rows[0]?.actor_count === 3 ? rows : null;
      });

      expect(await rowsOf(author.userId)).toHaveLength(1);
      expect(grouped).toMatchObject({ id: one!.id, actor_id: third.userId, actor_count: 3, read_at: null });
      expect(Number(grouped!.seq)).toBe(3);
      expect(grouped!.text).toBe(`${third.username} ve 2 kişi yorumunuzu beğendi`);
      const page = await author.agent.get('/api/notifications');
      expect(page.body).toMatchObject({ unreadCount: 1, lastSeq: 3, hasMore: false });
      expect(page.body.notifications).toHaveLength(1);
    });

    it('tells each invited member of a watch-together room, not its creator', async () => {
      const [creator, first, second] = [await quietMember(), await quietMember(), await quietMember()];

      const code = await createRoom(creator.agent, { episodeId, title: 'Cuma <akşamı>', invite: [first.userId, second.userId] });

      for (const invited of [first, second]) {
        const [row] = await notificationsOf(invited.userId, 1);
        expect(row).toMatchObject({ kind: 'room.invite', group_key: `room.invite:${code}`, actor_id: creator.userId, link: `/oda/${code}` });
        expect(row!.text).toBe(`${creator.username} sizi “Cuma <akşamı>” odasına davet etti`);
      }
      expect(await rowsOf(creator.userId)).toEqual([]);
    });

    it('tells the recipient of a private message, one notification per conversation, unless they have it open', async () => {
      const [sender, recipient] = [await quietMember(), await quietMember()];
      const socket = await connect(recipient.cookie);

      const first = await sender.agent.post('/api/conversations').send({ username: recipient.username, text: 'Merhaba, bu akşam izliyor musun?' });
      expect(first.status).toBe(201);
      const [row] = await notificationsOf(recipient.userId, 1);
      expect(row).toMatchObject({ kind: 'message', actor_id: sender.userId, link: `/profile/message/${sender.username}` });
      expect(row!.text).toBe(`${sender.username} size bir mesaj gönderdi: Merhaba, bu akşam izliyor musun?`);
      const [{ id: conversationId }] = (await db.query('SELECT id FROM conversation WHERE hash = $1', [first.body.hash])) as Array<{ id: number }>;

      await sender.agent.post(`/api/conversations/${first.body.hash}/messages`).send({ text: 'Haber ver' }).expect(201);
      const [renumbered] = await waitFor(async () => {
        const rows = await rowsOf(recipient.userId);
        return rows[0]?.text.endsWith('Haber ver') ? rows : null;
      });
      expect(renumbered).toMatchObject({ id: row!.id, group_key: `message:${conversationId}` });
      expect(Number(renumbered!.seq)).toBeGreaterThan(Number(row!.seq));

      expect(await socket.timeout(2000).emitWithAck('conversation.view', { hash: first.body.hash, viewing: true })).toEqual({ ok: true });
      expect(await sut.server.app.get(ConversationPresence).isViewing(recipient.userId, conversationId)).toBe(true);
      await sender.agent.post(`/api/conversations/${first.body.hash}/messages`).send({ text: 'Görüyor musun?' }).expect(201);
      // The sentinel: a reply from the sender, handed on after the message.
      const head = await comment(recipient, 'Mesajdan sonra');
      await comment(sender, 'Yanıt', head);
      const rows = await notificationsOf(recipient.userId, 2);

      expect(rows.map((entry) => [entry.kind, entry.text.endsWith('Haber ver')])).toEqual([
        ['message', true],
        ['comment.reply', false],
      ]);
    });

    it('brings the blocker no reply or like of the member they blocked', async () => {
      const [blocker, blocked, other] = [await quietMember(), await quietMember(), await quietMember()];
      await blocker.agent.post(`/api/users/${blocked.username}/block`).expect(200);
      const head = await comment(blocker, 'Engelli yanıt vermesin');

      await comment(blocked, 'Engellenen yanıtı', head);
      await like(blocked, head);
      // The sentinel: someone else's reply, handed on after them.
      await comment(other, 'Serbest yanıt', head);
      const rows = await notificationsOf(blocker.userId, 1);

      expect(rows.map((row) => [row.kind, row.actor_id])).toEqual([['comment.reply', other.userId]]);
    });

    it('leaves out a kind the member muted, and tells the others', async () => {
      const [author, replier] = [await quietMember(), await quietMember()];
      const saved = await author.agent.put('/api/notifications/mutes').send({ muted: ['comment.reply', 'comment.reply', 'episode.new', 'badge'] });
      expect(saved.body).toEqual({ muted: ['comment.reply', 'episode.new', 'badge'] });
      const head = await comment(author, 'Sessiz yanıtlar');

      await comment(replier, 'Duyulmayacak yanıt', head);
      // The sentinel: a like, which is not muted, handed on after the reply.
      await like(replier, head);
      const rows = await notificationsOf(author.userId, 1);

      expect(rows.map((row) => row.kind)).toEqual(['comment.like']);
      expect((await author.agent.get('/api/notifications/mutes')).body).toEqual({ muted: ['comment.reply', 'episode.new', 'badge'] });
      expect((await author.agent.put('/api/notifications/mutes').send({ muted: [] })).body).toEqual({ muted: [] });
    });
  });

  describe('exactly once', () => {
    it('makes one notification of a reply event delivered twice, and writes nothing the second time', async () => {
      const [author, replier] = [await quietMember(), await quietMember()];
      const head = await comment(author, 'Tek bildirim');
      await comment(replier, 'Yanıt', head);
      const [row] = await notificationsOf(author.userId, 1);
      const [event] = (await db.query(
        `SELECT id, payload FROM outbox_message WHERE name = 'comment.replied' AND (payload->>'parentAuthorId')::int = $1`,
        [author.userId],
      )) as Array<{ id: string; payload: never }>;
      const consumer = sut.server.app
        .get(DomainEvents)
        .consumersOf('comment.replied')
        .find((candidate) => candidate.id === 'notifications.commentReplied')!;

      await consumer.handle(event!.payload, { eventId: String(event!.id), manager: db.manager });
      await consumer.handle(event!.payload, { eventId: String(event!.id), manager: db.manager });

      expect(await rowsOf(author.userId)).toEqual([row]);
    });

    it('names the sender of a message from its event, looks up one an older event names by id only, and tells nobody for a sender who left', async () => {
      const [sender, recipient] = [await quietMember(), await quietMember()];
      await sender.agent.post('/api/conversations').send({ username: recipient.username, text: 'İlk mesaj' }).expect(201);
      const [row] = await notificationsOf(recipient.userId, 1);
      const [event] = (await db.query(`SELECT id, payload FROM outbox_message WHERE name = 'message.sent' AND (payload->>'recipientId')::int = $1`, [
        recipient.userId,
      ])) as Array<{ id: string; payload: MessageSentEvent }>;
      expect(event!.payload).toMatchObject({ senderId: sender.userId, senderUsername: sender.username, senderName: sender.username });
      const consumer = sut.server.app
        .get(DomainEvents)
        .consumersOf('message.sent')
        .find((candidate) => candidate.id === 'notifications.messageSent')!;
      const later = (offset: number) => String(BigInt(event!.id) + BigInt(offset) * 1_000_000n);

      // As an event stored before senders were named: the consumer looks the sender up.
      const { senderUsername: _username, senderName: _name, ...byIdOnly } = event!.payload;
      await consumer.handle({ ...byIdOnly, preview: 'Eski biçim' }, { eventId: later(1), manager: db.manager });
      const [renamed] = await rowsOf(recipient.userId);
      expect(renamed).toMatchObject({ id: row!.id, actor_id: sender.userId, text: `${sender.username} size bir mesaj gönderdi: Eski biçim` });

      // A sender whose account is gone tells nobody, named in the event or not.
      const gone = await quietMember();
      await db.query('DELETE FROM app_user WHERE id = $1', [gone.userId]);
      const fromGone = { ...event!.payload, senderId: gone.userId, senderUsername: gone.username, senderName: gone.username, preview: 'Hayalet' };
      await consumer.handle(fromGone, { eventId: later(2), manager: db.manager });
      await consumer.handle({ ...byIdOnly, senderId: gone.userId, preview: 'Hayalet' }, { eventId: later(3), manager: db.manager });
      expect(await rowsOf(recipient.userId)).toEqual([renamed]);
    });

    it('makes one grouped like of a like event delivered twice', async () => {
      const [author, liker] = [await quietMember(), await quietMember()];
      const head = await comment(author, 'Bir kez beğenildi');
      await like(liker, head);
      const [row] = await notificationsOf(author.userId, 1);
      const [event] = (await db.query(`SELECT id, payload FROM outbox_message WHERE name = 'comment.liked' AND (payload->>'commentId')::int = $1`, [
        head,
      ])) as Array<{ id: string; payload: never }>;
      const consumer = sut.server.app
        .get(DomainEvents)
        .consumersOf('comment.liked')
        .find((candidate) => candidate.id === 'notifications.commentLiked')!;

      await consumer.handle(event!.payload, { eventId: String(event!.id), manager: db.manager });

      expect(await rowsOf(author.userId)).toEqual([row]);
    });
    it('ignores an older like arriving after a newer one, and renumbers for a new liker after an unlike', async () => {
      const [author, first, second, third] = [
        await quietMember(),
        await quietMember(),
        await quietMember(),
        await quietMember(),
      ];
      const head = await comment(author, 'Beğeniler gidip gelir');
      await like(first, head);
      await like(second, head);
      const [grown] = await waitFor(async () => {
        const rows = await rowsOf(author.userId);
        return rows[0]?.actor_count === 2 ? rows : null;
      });
      const [older] = (await db.query(
        `SELECT id, payload FROM outbox_message WHERE name = 'comment.liked' AND (payload->>'commentId')::int = $1 ORDER BY id LIMIT 1`,
        [head],
      )) as Array<{ id: string; payload: never }>;
      const consumer = sut.server.app
        .get(DomainEvents)
        .consumersOf('comment.liked')
        .find((candidate) => candidate.id === 'notifications.commentLiked')!;

      await consumer.handle(older!.payload, { eventId: String(older!.id), manager: db.manager });
      expect(await rowsOf(author.userId)).toEqual([grown]);

      await first.agent.post(`/api/comments/${head}/like`).expect((response) => expect(response.body.liked).toBe(false));
      await like(third, head);
      const [renumbered] = await waitFor(async () => {
        const rows = await rowsOf(author.userId);
        return rows[0]?.actor_id === third.userId ? rows : null;
      });
      expect(renumbered).toMatchObject({ id: grown!.id, actor_count: 2, read_at: null });
      expect(renumbered!.text).toBe(`${third.username} ve 1 kişi yorumunuzu beğendi`);
      expect(Number(renumbered!.seq)).toBeGreaterThan(Number(grown!.seq));
    });
  });

  describe('reading', () => {
    let owner: SignedInMember;
    let liker: SignedInMember;

    beforeAll(async () => {
      owner = await quietMember();
      liker = await quietMember();
      await db.query(`UPDATE app_user SET profile_name = '<b>Kalın</b> & Co' WHERE id = $1`, [liker.userId]);
      // 25 comments, each liked once: 25 notifications, numbered 1 to 25.
      for (let index = 0; index < 25; index += 1) {
        const id = (await db.query(
          `INSERT INTO comment (title_id, episode_id, user_id, text) SELECT e.title_id, e.id, $2, $3 FROM episode e WHERE e.id = $1 RETURNING id`,
          [episodeId, owner.userId, `Yorum ${index}`],
        )) as Array<{ id: number }>;
        await like(liker, id[0]!.id);
      }
      await notificationsOf(owner.userId, 25);
    });

    it('lists newest first in pages, with the unread count and the stream’s head', async () => {
      const first = await owner.agent.get('/api/notifications');
      const second = await owner.agent.get('/api/notifications?page=2');

      expect(first.body).toMatchObject({ page: 1, hasMore: true, unreadCount: 25, lastSeq: 25 });
      expect(first.body.notifications.map((entry: NotificationView) => entry.seq)).toEqual(Array.from({ length: 20 }, (_unused, index) => 25 - index));
      expect(second.body).toMatchObject({ page: 2, hasMore: false });
      expect(second.body.notifications.map((entry: NotificationView) => entry.seq)).toEqual([5, 4, 3, 2, 1]);
      expect(first.body.notifications[0]).toMatchObject({
        kind: 'comment.like',
        actor: { id: liker.userId, profileName: '<b>Kalın</b> & Co' },
        text: '<b>Kalın</b> & Co yorumunuzu beğendi',
        read: false,
      });
    });

    it('answers the notifications after a sequence, oldest first, for the catch-up', async () => {
      const after = await owner.agent.get('/api/notifications/after?after=22');
      const none = await owner.agent.get('/api/notifications/after?after=25');

      expect(after.body.notifications.map((entry: NotificationView) => entry.seq)).toEqual([23, 24, 25]);
      expect(after.body).toMatchObject({ hasMore: false, unreadCount: 25 });
      expect(none.body).toEqual({ notifications: [], hasMore: false, unreadCount: 25 });
      expect(NOTIFICATION_RULES.catchUpPageSize).toBeGreaterThan(25);
    });

    it('answers a page of `/get/more/notification` as escaped list items, and the end with the seed’s text', async () => {
      const page = await owner.agent.post('/get/more/notification').type('form').send({ page: '2' });
      const end = await owner.agent.post('/get/more/notification').type('form').send({ page: 3 });

      expect(page.body.success).toBe(true);
      expect(page.body.theme.match(/<li /g)).toHaveLength(5);
      expect(page.body.theme).toContain('data-seq="1"');
      expect(page.body.theme).not.toContain('<b>');
      expect(page.body.theme).toContain('&lt;b&gt;Kalın&lt;/b&gt; &amp; Co yorumunuzu beğendi');
      expect(end.body).toEqual({ success: false, theme: '', message: MESSAGES.noMoreContent });
    });

    it.each([['abc'], ['0'], ['-1'], ['1.5'], ['0x10'], ['99999999']])('refuses the malformed page %p with a Turkish message and changes nothing', async (page) => {
      const legacy = await refused(() => owner.agent.post('/get/more/notification').type('form').send({ page }));
      const json = await refused(() => owner.agent.get(`/api/notifications?page=${encodeURIComponent(page)}`));

      expect(legacy.status).toBe(400);
      expect(legacy.body).toMatchObject({ success: false, message: M.pageInvalid });
      expect(json.status).toBe(400);
      expect(json.body.message).toBe(M.pageInvalid);
    });

    it('refuses a malformed cursor and malformed mutes, changing nothing', async () => {
      const cursor = await refused(() => owner.agent.get('/api/notifications/after?after=-3'));
      const mutes = await refused(() => owner.agent.put('/api/notifications/mutes').send({ muted: ['everything'] }));
      const notList = await refused(() => owner.agent.put('/api/notifications/mutes').send({ muted: 'comment.reply' }));

      expect([cursor.status, cursor.body.message]).toEqual([400, M.cursorInvalid]);
      expect([mutes.status, mutes.body.message]).toEqual([400, M.mutesInvalid]);
      expect([notList.status, notList.body.message]).toEqual([400, M.mutesInvalid]);
    });

    it('refuses marking another member’s notification read, with no hint that it exists, and changes nothing', async () => {
      const stranger = await quietMember();
      const [target] = await rowsOf(owner.userId);

      const response = await refused(() => stranger.agent.post(`/api/notifications/${target!.id}/read`));
      const missing = await refused(() => stranger.agent.post('/api/notifications/2147483647/read'));
      const malformed = await refused(() => stranger.agent.post('/api/notifications/abc/read'));
      // The legacy call takes no member: whatever it is sent, it marks the caller's own.
      const legacy = await refused(() => stranger.agent.post('/ajax/service').type('form').send({ type: 'readNotification', user_id: owner.userId, id: target!.id }));

      expect([response.status, response.body.message]).toEqual([404, M.notificationNotFound]);
      expect(missing.body).toEqual(response.body);
      expect([malformed.status, malformed.body.message]).toEqual([400, M.idInvalid]);
      expect(legacy.body).toEqual({ success: true, count: 0 });
    });

    it('marks one read, then all with `readNotification`, and tells every tab of the member', async () => {
      const otherTab = await connect(owner.cookie);
      const [target] = await rowsOf(owner.userId);
      const readOne = nextPush(otherTab, 'notification.read');

      const one = await owner.agent.post(`/api/notifications/${target!.id}/read`);

      expect(one.body).toEqual({ unreadCount: 24 });
      expect(await readOne).toEqual({ id: Number(target!.id), unreadCount: 24 });
      const readAll = nextPush(otherTab, 'notification.read');

      const all = await owner.agent.post('/ajax/service').type('form').send({ type: 'readNotification' });

      expect(all.body).toEqual({ success: true, count: 0 });
      expect(await readAll).toEqual({ id: null, unreadCount: 0 });
      expect((await rowsOf(owner.userId)).every((row) => row.read_at !== null)).toBe(true);
      expect((await owner.agent.get('/api/notifications')).body.unreadCount).toBe(0);
    });
  });

  describe('the member’s channel', () => {
    it('lets a member confirm their own `user:` channel and refuses another member’s, which then receives nothing', async () => {
      const [member, other] = [await quietMember(), await quietMember()];
      const socket = await connect(member.cookie);

      expect(await socket.timeout(2000).emitWithAck('room.join', { room: rooms.user(member.userId) })).toEqual({ ok: true });
      expect(await socket.timeout(2000).emitWithAck('room.join', { room: rooms.user(other.userId) })).toEqual({
        ok: false,
        message: REALTIME_MESSAGES.roomRefused,
      });
      const seen: Pushed[] = [];
      socket.on('notification.created', (payload) => seen.push(payload));
      const head = await comment(other, 'Başkasının yorumu');
      const ownHead = await comment(member, 'Kendi yorumum');
      // The sentinel: the member's own notification, made after the other member's.
      const sentinel = nextPush(socket, 'notification.created');

      await like(member, head);
      await like(other, ownHead);
      await sentinel;

      expect(seen.map((payload) => payload.notification.actor?.id)).toEqual([other.userId]);
    });

    it('answers the heads of the member’s own notification stream only', async () => {
      const [member, other] = [await quietMember(), await quietMember()];
      const head = await comment(member, 'Başlık yorumu');
      await like(other, head);
      await notificationsOf(member.userId, 1);
      const socket = await connect(member.cookie);

      const reply = await socket
        .timeout(2000)
        .emitWithAck('stream.heads', { streams: [streams.notifications(member.userId), streams.notifications(other.userId)] });

      expect(reply).toEqual({ heads: { [streams.notifications(member.userId)]: 1 } });
    });
  });
});
