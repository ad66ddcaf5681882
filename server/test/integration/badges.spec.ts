import { ACCOUNT_MESSAGES, BADGE_LIST_RULES, BADGE_MESSAGES as M, BADGE_RULES, MESSAGES, type BadgeId } from '@seyirlik/shared-contracts';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { Badges1765600000000 } from '../../src/platform/database/migrations/1765600000000-badges';
import { DomainEvents } from '../../src/platform/events/domain-events';
import { buildCatalogFile, buildEpisode, buildSeries } from '../factories/catalog';
import { visitorAgent } from '../factories/members';
import { createRoom, importRoomCatalog, signedInMember, type SignedInMember } from '../factories/rooms';
import { TEST_REDIS_URL } from '../support/services';
import { startTestApp, type TestApp } from '../support/test-app';

async function waitFor<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolveWait) => setTimeout(resolveWait, 25));
  }
}

interface BadgeRow {
  badge: BadgeId;
  source_event_id: string;
}

interface BadgeNotificationRow {
  id: string;
  kind: string;
  group_key: string;
  actor_id: number | null;
  text: string;
  link: string;
  seq: string;
}

describe('badges', () => {
  let sut: TestApp;
  let db: DataSource;
  let episodeId: number;
  /** The episodes of a series of 100, oldest first. */
  let hundredEpisodes: number[];

  const badgesOf = async (userId: number) =>
    (await db.query('SELECT badge, source_event_id FROM member_badge WHERE user_id = $1 ORDER BY badge', [userId])) as BadgeRow[];
  const badgeNotificationsOf = async (userId: number) =>
    (await db.query(
      `SELECT id, kind, group_key, actor_id, text, link, seq FROM notification WHERE user_id = $1 AND kind = 'badge' ORDER BY group_key`,
      [userId],
    )) as BadgeNotificationRow[];
  const holds = async (userId: number, badge: BadgeId) => (await badgesOf(userId)).some((row) => row.badge === badge);
  /** Waits until the member holds `badge` and its notification was made. */
  const awarded = (userId: number, badge: BadgeId) =>
    waitFor(async () => (await holds(userId, badge)) && (await badgeNotificationsOf(userId)).some((row) => row.group_key === `badge:${badge}`));

  /** The newest event `name` that `where` (SQL on `m.payload`, parameters from $3) picks, once the consumer `consumer` handled it. */
  const handledEvent = (name: string, consumer: string, where: string, params: unknown[]) =>
    waitFor(async () => {
      const [row] = (await db.query(
        `SELECT m.id, EXISTS (SELECT 1 FROM outbox_consumption c WHERE c.message_id = m.id AND c.consumer = $2) AS handled
           FROM outbox_message m WHERE m.name = $1 AND ${where} ORDER BY m.id DESC LIMIT 1`,
        [name, consumer, ...params],
      )) as Array<{ id: string; handled: boolean }>;
      return row?.handled ? row : null;
    });
  /** Once every event and job written so far was handed on (every consumer of it ran). */
  const settled = () =>
    waitFor(async () => ((await db.query('SELECT count(*)::int AS n FROM outbox_message WHERE delivered_at IS NULL')) as Array<{ n: number }>)[0]!.n === 0);
  const consumerOf = (name: Parameters<DomainEvents['consumersOf']>[0], id: string) =>
    sut.server.app
      .get(DomainEvents)
      .consumersOf(name)
      .find((candidate) => candidate.id === id)!;

  /** Every award and notification: what a refused request must leave as it was. */
  const snapshot = async () =>
    (await db.query(
      `SELECT (SELECT json_agg(b ORDER BY b.user_id, b.badge) FROM member_badge b) AS badges,
              (SELECT json_agg(n ORDER BY n.id) FROM notification n) AS notifications`,
    )) as unknown[];
  async function refused(send: () => Promise<request.Response>) {
    await settled();
    const before = await snapshot();
    const response = await send();
    expect(await snapshot()).toEqual(before);
    return response;
  }

  const comment = async (by: SignedInMember, text: string, parentId?: number): Promise<number> => {
    const response = await by.agent.post(`/api/episodes/${episodeId}/comments`).send({ text, ...(parentId ? { parentId } : {}) });
    expect(response.status).toBe(201);
    return response.body.id as number;
  };
  /** Comments written earlier, straight into the table (they publish nothing). */
  const earlierComments = (by: SignedInMember, count: number) =>
    db.query(
      `INSERT INTO comment (user_id, title_id, episode_id, text)
       SELECT $1, e.title_id, e.id, 'Eski yorum ' || n FROM episode e, generate_series(1, $3::int) n WHERE e.id = $2`,
      [by.userId, episodeId, count],
    );
  const markWatched = async (by: SignedInMember, id: number) => {
    const response = await by.agent.post(`/api/episodes/${id}/watched`).send({ watched: true });
    expect(response.body.active).toBe(true);
  };
  /** Badges awarded directly, one second apart, the first in `badges` the newest. */
  const giveBadges = (userId: number, badges: readonly BadgeId[]) =>
    db.query(
      `INSERT INTO member_badge (user_id, badge, awarded_at, source_event_id)
       SELECT $1, badge, now() - (n || ' seconds')::interval, 0 FROM unnest($2::text[]) WITH ORDINALITY AS b(badge, n)`,
      [userId, badges],
    );

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true', REDIS_URL: TEST_REDIS_URL });
    db = sut.server.app.get(DataSource);
    ({ aired: [episodeId] } = await importRoomCatalog(db));
    const long = buildSeries({ seasons: [{ number: 1, episodes: Array.from({ length: 100 }, (_, index) => buildEpisode(index + 1)) }] });
    await new CatalogImportService(db).import(buildCatalogFile([long]));
    hundredEpisodes = (
      (await db.query('SELECT e.id FROM episode e JOIN title t ON t.id = e.title_id WHERE t.slug = $1 ORDER BY e.number', [long.slug])) as Array<{
        id: number;
      }>
    ).map((row) => row.id);
  });

  afterAll(async () => {
    await sut.close();
  });

  describe('awarding from activity', () => {
    it('awards "first-comment" for a first comment, with a notification that leads to the profile’s badges, and never again', async () => {
      const member = await signedInMember(sut.baseUrl);

      await comment(member, 'İlk yorumum');
      await awarded(member.userId, 'first-comment');
      const second = await comment(member, 'İkinci yorumum');
      await handledEvent('comment.created', 'badges.commentCreated', `(m.payload->>'commentId')::int = $3`, [second]);

      expect((await badgesOf(member.userId)).map((row) => row.badge)).toEqual(['first-comment']);
      expect(await badgeNotificationsOf(member.userId)).toEqual([
        expect.objectContaining({
          kind: 'badge',
          group_key: 'badge:first-comment',
          actor_id: null,
          text: 'Yeni bir rozet kazandınız: İlk Yorum',
          link: `/profile/${member.username}#rozetler`,
        }),
      ]);
      const listed = await member.agent.get('/api/notifications');
      expect(listed.body.notifications).toEqual([expect.objectContaining({ kind: 'badge', actor: null, text: M.awarded(BADGE_RULES['first-comment'].name) })]);
    });

    it('awards "ten-comments" at the tenth comment or reply, not before', async () => {
      const member = await signedInMember(sut.baseUrl);
      await earlierComments(member, 8);

      const ninth = await comment(member, 'Dokuzuncu');
      await awarded(member.userId, 'first-comment');
      await handledEvent('comment.created', 'badges.commentCreated', `(m.payload->>'commentId')::int = $3`, [ninth]);
      expect(await holds(member.userId, 'ten-comments')).toBe(false);
      await comment(member, 'Onuncu, bir yanıt', ninth);

      await awarded(member.userId, 'ten-comments');
      expect((await badgesOf(member.userId)).map((row) => row.badge)).toEqual(['first-comment', 'ten-comments']);
    });

    it('awards "first-reply-received" to the author answered, not for answering oneself', async () => {
      const [author, replier] = [await signedInMember(sut.baseUrl), await signedInMember(sut.baseUrl)];
      const head = await comment(author, 'Yanıt bekliyorum');

      const own = await comment(author, 'Kendime yanıt', head);
      await handledEvent('comment.replied', 'badges.commentReplied', `(m.payload->>'commentId')::int = $3`, [own]);
      expect(await holds(author.userId, 'first-reply-received')).toBe(false);
      await comment(replier, 'İşte yanıt', head);

      await awarded(author.userId, 'first-reply-received');
      expect(await holds(replier.userId, 'first-reply-received')).toBe(false);
    });

    it('awards "first-like-received" at the first like and "ten-likes-received" at the tenth, from other members', async () => {
      const author = await signedInMember(sut.baseUrl);
      const liked = await comment(author, 'Beğenilecek yorum');
      const likers = await Promise.all(Array.from({ length: 10 }, () => signedInMember(sut.baseUrl)));

      await author.agent.post(`/api/comments/${liked}/like`).expect(200);
      await handledEvent('comment.liked', 'badges.commentLiked', `(m.payload->>'likerId')::int = $3`, [author.userId]);
      expect(await holds(author.userId, 'first-like-received')).toBe(false);
      for (const [index, liker] of likers.entries()) {
        expect((await liker.agent.post(`/api/comments/${liked}/like`)).body.liked).toBe(true);
        if (index === 0) await awarded(author.userId, 'first-like-received');
        if (index === 8) {
          await handledEvent('comment.liked', 'badges.commentLiked', `(m.payload->>'likerId')::int = $3`, [liker.userId]);
          expect(await holds(author.userId, 'ten-likes-received')).toBe(false);
        }
      }

      await awarded(author.userId, 'ten-likes-received');
    });

    it('awards "first-message" to the sender of a private message', async () => {
      const [sender, recipient] = [await signedInMember(sut.baseUrl), await signedInMember(sut.baseUrl)];

      await sender.agent.post('/api/conversations').send({ username: recipient.username, text: 'Merhaba!' }).expect(201);

      await awarded(sender.userId, 'first-message');
      await handledEvent('message.sent', 'badges.messageSent', `(m.payload->>'senderId')::int = $3`, [sender.userId]);
      expect(await holds(recipient.userId, 'first-message')).toBe(false);
    });

    it('awards "first-room" to the member who invites others to a watch-together room', async () => {
      const [creator, guest] = [await signedInMember(sut.baseUrl), await signedInMember(sut.baseUrl)];

      await createRoom(creator.agent, { episodeId, title: 'Cuma akşamı', invite: [guest.userId] });

      await awarded(creator.userId, 'first-room');
      expect(await holds(guest.userId, 'first-room')).toBe(false);
    });

    it('awards "hundred-episodes" at the hundredth episode marked watched, counting every mark', async () => {
      const member = await signedInMember(sut.baseUrl);
      await db.query('INSERT INTO watched_episode (user_id, episode_id) SELECT $1, unnest($2::int[])', [member.userId, hundredEpisodes.slice(0, 98)]);

      await markWatched(member, hundredEpisodes[98]!);
      await handledEvent('episode.watched', 'badges.episodeWatched', `(m.payload->>'episodeId')::int = $3 AND (m.payload->>'userId')::int = $4`, [
        hundredEpisodes[98],
        member.userId,
      ]);
      expect(await holds(member.userId, 'hundred-episodes')).toBe(false);
      await markWatched(member, hundredEpisodes[99]!);

      await awarded(member.userId, 'hundred-episodes');
    });

    it('awards "first-post" for a first post in the flow', async () => {
      const member = await signedInMember(sut.baseUrl);

      const posted = await member.agent.post('/api/flow/posts').field('text', 'Akıştaki ilk gönderim');
      expect(posted.status).toBe(201);

      await awarded(member.userId, 'first-post');
      expect((await badgeNotificationsOf(member.userId)).map((row) => row.text)).toEqual(['Yeni bir rozet kazandınız: Akışa Hoş Geldiniz']);
    });

    it('publishes nothing when a mark is taken back', async () => {
      const member = await signedInMember(sut.baseUrl);
      const events = async () =>
        (await db.query(`SELECT count(*)::int AS n FROM outbox_message WHERE name = 'episode.watched' AND (payload->>'userId')::int = $1`, [member.userId])) as unknown[];

      await markWatched(member, hundredEpisodes[0]!);
      await member.agent.post(`/api/episodes/${hundredEpisodes[0]}/watched`).send({ watched: false }).expect(200);
      await member.agent.post(`/api/episodes/${hundredEpisodes[0]}/watched`).send({ watched: false }).expect(200);

      expect(await events()).toEqual([{ n: 1 }]);
    });
  });

  describe('exactly once', () => {
    it.each([
      ['comment.created', 'badges.commentCreated', 'first-comment'],
      ['message.sent', 'badges.messageSent', 'first-message'],
      ['room.invited', 'badges.roomInvited', 'first-room'],
      ['flow.posted', 'badges.flowPosted', 'first-post'],
    ] as const)('changes nothing when %s is delivered again to %s', async (name, consumerId, badge) => {
      const [member, other] = [await signedInMember(sut.baseUrl), await signedInMember(sut.baseUrl)];
      if (name === 'comment.created') await comment(member, 'Bir kez');
      if (name === 'message.sent') await member.agent.post('/api/conversations').send({ username: other.username, text: 'Bir kez' }).expect(201);
      if (name === 'room.invited') await createRoom(member.agent, { episodeId, title: 'Bir kez', invite: [other.userId] });
      if (name === 'flow.posted') await member.agent.post('/api/flow/posts').field('text', 'Bir kez').expect(201);
      await awarded(member.userId, badge);
      const [award] = await badgesOf(member.userId);
      const [event] = (await db.query('SELECT id, payload FROM outbox_message WHERE id = $1', [award!.source_event_id])) as Array<{ id: string; payload: never }>;
      await settled();
      const before = await snapshot();

      const consumer = consumerOf(name, consumerId);
      await consumer.handle(event!.payload, { eventId: String(event!.id), manager: db.manager });
      await consumer.handle(event!.payload, { eventId: String(event!.id), manager: db.manager });

      expect(await snapshot()).toEqual(before);
    });

    it('changes nothing when the events of counted badges are delivered again', async () => {
      const member = await signedInMember(sut.baseUrl);
      await db.query('INSERT INTO watched_episode (user_id, episode_id) SELECT $1, unnest($2::int[])', [member.userId, hundredEpisodes.slice(0, 99)]);
      await markWatched(member, hundredEpisodes[99]!);
      await awarded(member.userId, 'hundred-episodes');
      const [event] = (await db.query(`SELECT id, payload FROM outbox_message WHERE name = 'episode.watched' AND (payload->>'userId')::int = $1`, [
        member.userId,
      ])) as Array<{ id: string; payload: never }>;
      await settled();
      const before = await snapshot();

      const consumer = consumerOf('episode.watched', 'badges.episodeWatched');
      await consumer.handle(event!.payload, { eventId: String(event!.id), manager: db.manager });
      await consumer.handle(event!.payload, { eventId: String(event!.id), manager: db.manager });

      expect(await snapshot()).toEqual(before);
    });

    it('makes the notification once when the event comes again after the award committed and its notification did not', async () => {
      const member = await signedInMember(sut.baseUrl);
      await comment(member, 'Yarıda kalan');
      await awarded(member.userId, 'first-comment');
      const [award] = await badgesOf(member.userId);
      const [event] = (await db.query('SELECT id, payload FROM outbox_message WHERE id = $1', [award!.source_event_id])) as Array<{ id: string; payload: never }>;
      await db.query(`DELETE FROM notification WHERE user_id = $1 AND kind = 'badge'`, [member.userId]);

      const consumer = consumerOf('comment.created', 'badges.commentCreated');
      await consumer.handle(event!.payload, { eventId: String(event!.id), manager: db.manager });
      await consumer.handle(event!.payload, { eventId: String(event!.id), manager: db.manager });

      expect(await badgesOf(member.userId)).toEqual([award]);
      expect(await badgeNotificationsOf(member.userId)).toEqual([expect.objectContaining({ group_key: 'badge:first-comment' })]);
    });

    it('awards once and tells once when two events earn the same badge at the same time', async () => {
      const member = await signedInMember(sut.baseUrl);
      await earlierComments(member, 2);
      const payload = { commentId: 1, authorId: member.userId, titleId: 1, episodeId, link: '/' };
      const consumer = consumerOf('comment.created', 'badges.commentCreated');

      await Promise.all(
        ['9000000001', '9000000002'].map((eventId) => consumer.handle({ ...payload } as never, { eventId, manager: db.manager })),
      );

      expect((await badgesOf(member.userId)).map((row) => row.badge)).toEqual(['first-comment']);
      expect(await badgeNotificationsOf(member.userId)).toHaveLength(1);
    });

    it('tells nobody of a badge whose notifications the member muted, and still awards it', async () => {
      const member = await signedInMember(sut.baseUrl);
      await member.agent.put('/api/notifications/mutes').send({ muted: ['badge'] }).expect(200);

      await comment(member, 'Sessiz');
      await waitFor(() => holds(member.userId, 'first-comment'));
      await handledEvent('comment.created', 'badges.commentCreated', `(m.payload->>'authorId')::int = $3`, [member.userId]);

      expect(await badgeNotificationsOf(member.userId)).toEqual([]);
    });
  });

  describe('lists', () => {
    let member: SignedInMember;
    const eight: BadgeId[] = [
      'hundred-episodes',
      'first-room',
      'first-message',
      'ten-likes-received',
      'first-like-received',
      'first-reply-received',
      'ten-comments',
      'first-comment',
    ];

    beforeAll(async () => {
      member = await signedInMember(sut.baseUrl);
      await giveBadges(member.userId, eight);
    });

    it('answers the JSON list newest first, a page at a time, to visitors too', async () => {
      const visitor = visitorAgent(sut.baseUrl);
      const first = await visitor.get(`/api/users/${member.username.toUpperCase()}/badges`);
      const second = await visitor.get(`/api/users/${member.username}/badges?page=2`);
      const past = await visitor.get(`/api/users/${member.username}/badges?page=3`);

      expect(BADGE_LIST_RULES.pageSize).toBe(6);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ badges: eight.slice(0, 6).map((badge) => ({ badge, awardedAt: expect.any(String) })), page: 1, hasMore: true, total: 8 });
      expect(second.body).toEqual({ badges: eight.slice(6).map((badge) => ({ badge, awardedAt: expect.any(String) })), page: 2, hasMore: false, total: 8 });
      expect(past.body).toEqual({ badges: [], page: 3, hasMore: false, total: 8 });
    });

    it('answers an empty list for a member without badges', async () => {
      const newcomer = await signedInMember(sut.baseUrl);
      expect((await visitorAgent(sut.baseUrl).get(`/api/users/${newcomer.username}/badges`)).body).toEqual({ badges: [], page: 1, hasMore: false, total: 0 });
    });

    it('answers `/user/badges/load` by `username` for anyone: `count` and the page rendered as list items', async () => {
      const page = await visitorAgent(sut.baseUrl).post('/user/badges/load').type('form').send({ page: '2', username: member.username });

      expect(page.status).toBe(200);
      expect(page.body).toEqual({ success: true, count: 2, theme: expect.any(String) });
      const items = [...(page.body.theme as string).matchAll(/<li class="badge" data-badge="([a-z-]+)">/g)].map((match) => match[1]);
      expect(items).toEqual(['ten-comments', 'first-comment']);
      expect(page.body.theme).toContain(`<strong class="badge__name">${BADGE_RULES['ten-comments'].name}</strong>`);
      expect(page.body.theme).toContain(BADGE_RULES['first-comment'].description);
      expect(page.body.theme).toMatch(/<time class="badge__time" dateTime="[^"]+">[^<]+ tarihinde kazanıldı<\/time>/);
    });

    it('answers `me=1` with the caller’s own badges, and a visitor the session flag', async () => {
      const own = await member.agent.post('/user/badges/load').type('form').send({ page: 1, me: 1 });
      const visitor = await refused(() => visitorAgent(sut.baseUrl).post('/user/badges/load').type('form').send({ page: 1, me: 1 }));

      expect(own.body).toEqual({ success: true, count: 6, theme: expect.any(String) });
      expect(own.body.theme).toContain('data-badge="hundred-episodes"');
      expect(visitor.status).toBe(200);
      expect(visitor.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
    });

    it('answers past the end with the seed’s text', async () => {
      const end = await member.agent.post('/user/badges/load').type('form').send({ page: 3, me: '1' });
      expect(end.body).toEqual({ success: false, count: 0, theme: '', message: 'Listelenecek içerik kalmadı !' });
    });
  });

  describe('bad input changes nothing', () => {
    let member: SignedInMember;

    beforeAll(async () => {
      member = await signedInMember(sut.baseUrl);
      await giveBadges(member.userId, ['first-comment']);
    });

    it.each(['0', '-1', '1.5', '0x10', 'abc', ' 2 ', '1001'])('answers a malformed page %j with 400 in Turkish', async (page) => {
      const json = await refused(() => member.agent.get(`/api/users/${member.username}/badges`).query({ page }));
      const legacy = await refused(() => member.agent.post('/user/badges/load').type('form').send({ page, me: 1 }));

      expect(json.status).toBe(400);
      expect(json.body).toEqual({ statusCode: 400, message: M.pageInvalid });
      expect(legacy.status).toBe(400);
      expect(legacy.body).toEqual({ success: false, error: true, message: M.pageInvalid });
    });

    it('answers an unknown member 404 in Turkish', async () => {
      const json = await refused(() => visitorAgent(sut.baseUrl).get('/api/users/kimse_yok_boyle/badges'));
      const legacy = await refused(() => visitorAgent(sut.baseUrl).post('/user/badges/load').type('form').send({ username: 'kimse_yok_boyle' }));
      const long = await refused(() => visitorAgent(sut.baseUrl).post('/user/badges/load').type('form').send({ username: 'x'.repeat(10_000) }));

      expect(json.status).toBe(404);
      expect(json.body.message).toBe(ACCOUNT_MESSAGES.profileNotFound);
      expect(legacy.status).toBe(404);
      expect(legacy.body).toEqual({ success: false, error: true, message: ACCOUNT_MESSAGES.profileNotFound });
      expect(long.status).toBe(400);
      expect(long.body.message).toBe(ACCOUNT_MESSAGES.profileNotFound);
    });

    it('answers a `me` that is neither 1 nor 0, and a call naming nobody, with 400 in Turkish', async () => {
      const me = await refused(() => member.agent.post('/user/badges/load').type('form').send({ me: 'evet', username: member.username }));
      const nobody = await refused(() => member.agent.post('/user/badges/load').type('form').send({ page: 1 }));

      expect(me.status).toBe(400);
      expect(me.body.message).toBe(M.meInvalid);
      expect(nobody.status).toBe(400);
      expect(nobody.body.message).toBe(M.usernameRequired);
    });
  });
  describe('migration', () => {
    it('states the notification kinds with "badge" added, and takes it back down to the earlier list', async () => {
      const member = await signedInMember(sut.baseUrl);
      const mute = (kind: string) => db.query('INSERT INTO notification_mute (user_id, kind) VALUES ($1, $2)', [member.userId, kind]);
      const unmute = () => db.query('DELETE FROM notification_mute WHERE user_id = $1', [member.userId]);
      await settled();
      const queryRunner = db.createQueryRunner();
      try {
        await mute('badge');
        await mute('poll.vote');
        await expect(mute('bilinmeyen')).rejects.toThrow(/notification_mute_kind_check/);
        await unmute();

        await new Badges1765600000000().down(queryRunner);
        await expect(mute('badge')).rejects.toThrow(/notification_mute_kind_check/);
        await mute('flow.reaction');
        expect(await db.query(`SELECT to_regclass('member_badge') AS badges`)).toEqual([{ badges: null }]);
      } finally {
        await unmute();
        await new Badges1765600000000().up(queryRunner);
        await queryRunner.release();
      }
      await mute('badge');
    });
  });
});
