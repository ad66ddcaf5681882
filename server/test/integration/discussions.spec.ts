import {
  COMMENT_MESSAGES,
  COMMENT_TARGET_TYPES,
  DISCUSSION_MESSAGES as M,
  DISCUSSION_RULES,
  MESSAGES,
  commentRooms,
  type CommentPage,
  type CommentView,
  type DiscussionCreatedReply,
  type DiscussionList,
  type DiscussionReply,
  type DiscussionView,
} from '@seyirlik/shared-contracts';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { buildCatalogFile, buildFilm, buildSeries } from '../factories/catalog';
import { visitorAgent } from '../factories/members';
import { signedInMember, type MemberAgent, type SignedInMember } from '../factories/rooms';
import { collect, connectSocket, eventually, type RoomSocket } from '../harness/room-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Agent = MemberAgent | ReturnType<typeof visitorAgent>;

describe('discussions', () => {
  let sut: TestApp;
  let db: DataSource;
  const series = buildSeries({ name: 'Konuşulan Dizi' });
  const film = buildFilm();
  let seriesId: number;
  let filmId: number;
  let author: SignedInMember;
  let other: SignedInMember;
  /** A member with a fresh allowance of new topics, for each test that opens several. */
  let owner: SignedInMember;
  const sockets: RoomSocket[] = [];

  /** Everything a forum write could change. */
  const snapshot = async () =>
    (
      await db.query(`SELECT (SELECT count(*) FROM discussion)::int AS discussions,
                             (SELECT coalesce(string_agg(id || ':' || user_id || ':' || title || ':' || text || ':' || category || ':' || coalesce(title_id::text, '-') || ':' || reply_count || ':' || coalesce(edited_at::text, '-'), ',' ORDER BY id), '') FROM discussion) AS fields,
                             (SELECT count(*) FROM comment)::int AS comments,
                             (SELECT count(*) FROM comment WHERE deleted_at IS NOT NULL)::int AS deleted,
                             (SELECT count(*) FROM comment_like)::int AS likes,
                             (SELECT count(*) FROM outbox_message)::int AS events`)
    )[0] as Record<string, number | string>;

  /** Runs a refused request and checks that nothing changed. */
  async function unchanged(send: () => Promise<request.Response>): Promise<request.Response> {
    const before = await snapshot();
    const response = await send();
    expect(await snapshot()).toEqual(before);
    return response;
  }

  /** A member with a fresh allowance of new topics. */
  const freshMember = () => signedInMember(sut.baseUrl, { muted: ['badge'] });

  const legacy = (agent: Agent, path: string, fields: Record<string, string | number>) => agent.post(path).type('form').send(fields);
  const ajax = (agent: Agent, type: string, fields: Record<string, string | number>) => legacy(agent, '/ajax/service', { type, ...fields });

  let made = 0;
  const openTopic = async (who: SignedInMember, body: Record<string, unknown> = {}): Promise<DiscussionView> => {
    made += 1;
    const response = await who.agent.post('/api/discussions').send({ title: `Konu ${made}`, text: 'Ne düşünüyorsunuz?', category: 'genel', ...body });
    if (response.status !== 201) throw new Error(`topic failed: ${response.status} ${JSON.stringify(response.body)}`);
    return (response.body as DiscussionCreatedReply).discussion;
  };

  const reply = async (who: SignedInMember, topicId: number, text: string, parentId?: number): Promise<CommentView> => {
    const response = await who.agent.post(`/api/discussions/${topicId}/comments`).send({ text, parentId });
    if (response.status !== 201) throw new Error(`reply failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as CommentView;
  };

  const topicRow = async (id: number) =>
    ((await db.query('SELECT title, text, category, title_id, reply_count, last_activity_at, created_at FROM discussion WHERE id = $1', [id])) as Array<{
      title: string;
      text: string;
      category: string;
      title_id: number | null;
      reply_count: number;
      last_activity_at: Date;
      created_at: Date;
    }>)[0];

  const socketOf = async (who?: SignedInMember) => {
    const socket = await connectSocket(sut.baseUrl, who?.cookie);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    db = sut.server.app.get(DataSource);
    await sut.server.app.get(CatalogImportService).import(buildCatalogFile([series, film]));
    const titles = (await db.query('SELECT id, slug FROM title')) as Array<{ id: number; slug: string }>;
    seriesId = titles.find((title) => title.slug === series.slug)!.id;
    filmId = titles.find((title) => title.slug === film.slug)!.id;
    [author, other] = await Promise.all([freshMember(), freshMember()]);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await sut.close();
  });

  describe('authentication', () => {
    it('requires authentication for every write, JSON (401) and legacy (session flag), changing nothing', async () => {
      const topic = await openTopic(author);
      const visitor = visitorAgent(sut.baseUrl);
      const before = await snapshot();

      const json = await Promise.all([
        visitor.post('/api/discussions').send({ title: 'Başlık', text: 'Metin', category: 'genel' }),
        visitor.patch(`/api/discussions/${topic.id}`).send({ title: 'Başlık', text: 'Metin' }),
        visitor.delete(`/api/discussions/${topic.id}`),
        visitor.post(`/api/discussions/${topic.id}/comments`).send({ text: 'Yanıt' }),
      ]);
      const legacyCalls = await Promise.all([
        legacy(visitor, '/set/discussion', { title: 'Başlık', category: 'genel', desc: 'Metin' }),
        ajax(visitor, 'newTopic2', { series: seriesId, title: 'Başlık', desc: 'Metin' }),
        ajax(visitor, 'editTopic', { id: topic.id, title: 'Başlık', content: 'Metin', series: '' }),
        legacy(visitor, '/discussion/delete/post', { id: topic.id }),
        legacy(visitor, '/add/comment', { type: COMMENT_TARGET_TYPES.discussion, id: topic.id, comment: 'Yanıt' }),
      ]);

      expect(json.map((response) => response.status)).toEqual([401, 401, 401, 401]);
      for (const response of json) expect(response.body.message).toBe(MESSAGES.loginRequired);
      for (const response of legacyCalls) expect(response.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      expect(await snapshot()).toEqual(before);
    });

    it('lets visitors read the list, a topic and its replies', async () => {
      const topic = await openTopic(author, { title: 'Ziyaretçiler okuyabilir' });
      await reply(other, topic.id, 'Okunur bir yanıt');
      const visitor = visitorAgent(sut.baseUrl);

      const list = await visitor.get('/api/discussions').expect(200);
      const view = await visitor.get(`/api/discussions/${topic.id}`).expect(200);
      const replies = await visitor.get(`/api/discussions/${topic.id}/comments`).expect(200);

      expect((list.body as DiscussionList).discussions.map((card) => card.id)).toContain(topic.id);
      expect(view.body).toMatchObject({ id: topic.id, title: 'Ziyaretçiler okuyabilir', mine: false });
      expect((replies.body as CommentPage).threads.map((thread) => thread.text)).toEqual(['Okunur bir yanıt']);
    });
  });

  describe('opening a topic', () => {
    it('opens one in a category over JSON and shows it to its author as theirs', async () => {
      const response = await author.agent.post('/api/discussions').send({ title: '  Yeni   sezon  ', text: 'Birinci satır\r\nİkinci satır', category: 'anime' }).expect(201);
      const created = response.body as DiscussionCreatedReply;

      expect(created.message).toBe(M.created);
      expect(created.link).toBe(`/tartismalar/${created.discussion.id}`);
      expect(created.discussion).toMatchObject({
        title: 'Yeni sezon',
        text: 'Birinci satır\nİkinci satır',
        category: 'anime',
        series: null,
        author: { id: author.userId, username: author.username },
        replyCount: 0,
        mine: true,
        editedAt: null,
      });
    });

    it('opens one with /set/discussion, answering the topic’s link', async () => {
      const who = await freshMember();
      const response = await legacy(who.agent, '/set/discussion', { title: 'Öneri konusu', category: 'oneriler', desc: 'Ne izleyelim?' });

      expect(response.body).toEqual({ success: true, link: expect.stringMatching(/^\/tartismalar\/\d+$/), message: M.created });
      const id = Number((response.body.link as string).split('/').pop());
      expect(await topicRow(id)).toMatchObject({ title: 'Öneri konusu', text: 'Ne izleyelim?', category: 'oneriler', title_id: null });
    });

    it('opens one bound to a title with newTopic2, in the title kind’s category, linking the title', async () => {
      const who = await freshMember();
      const onSeries = await ajax(who.agent, 'newTopic2', { series: seriesId, title: 'Final bölümü', desc: 'Nasıl buldunuz?' });
      const onFilm = await ajax(who.agent, 'newTopic2', { series: filmId, title: 'Film sonu', desc: 'Anlamadım.' });

      expect(onSeries.body).toEqual({ success: true, link: expect.stringMatching(/^\/tartismalar\/\d+$/), message: M.created });
      const apiOf = (link: string) => `/api/discussions/${link.split('/').pop()}`;
      const view = (await visitorAgent(sut.baseUrl).get(apiOf(onSeries.body.link as string)).expect(200)).body as DiscussionView;
      expect(view).toMatchObject({ category: 'diziler', series: { id: seriesId, kind: 'dizi', slug: series.slug, name: 'Konuşulan Dizi', link: `/dizi/${series.slug}` } });
      const filmTopic = (await visitorAgent(sut.baseUrl).get(apiOf(onFilm.body.link as string)).expect(200)).body as DiscussionView;
      expect(filmTopic).toMatchObject({ category: 'filmler', series: { id: filmId, kind: 'film' } });
    });

    it('names a title by its page’s address, for the form opened on that page', async () => {
      const found = await visitorAgent(sut.baseUrl).get(`/api/discussions/series/dizi/${series.slug}`).expect(200);

      expect(found.body).toEqual({ id: seriesId, kind: 'dizi', slug: series.slug, name: 'Konuşulan Dizi', link: `/dizi/${series.slug}` });
      await visitorAgent(sut.baseUrl).get('/api/discussions/series/dizi/yok-boyle-bir-dizi').expect(404);
    });

    it('stores HTML and scripts in every text field as text', async () => {
      const who = await freshMember();
      const markup = '<script>alert(1)</script><a href="javascript:alert(2)">tıkla</a>';
      const json = await openTopic(who, { title: `<b>Kalın</b> ${markup}`, text: `${markup}\n<img src=x onerror=alert(3)> https://ornek.com` });
      const viaForm = await legacy(who.agent, '/set/discussion', { title: '<i>x</i>', category: 'genel', desc: '<iframe src="//kötü"></iframe>' });

      expect(json.title).toBe(`<b>Kalın</b> ${markup}`);
      expect(json.text).toBe(`${markup}\n<img src=x onerror=alert(3)> https://ornek.com`);
      const stored = await topicRow(Number((viaForm.body.link as string).split('/').pop()));
      expect(stored).toMatchObject({ title: '<i>x</i>', text: '<iframe src="//kötü"></iframe>' });
    });

    it('refuses a member’s topic beyond the limit in Turkish, changing nothing', async () => {
      const who = await freshMember();
      for (let index = 0; index < DISCUSSION_RULES.createRateLimit.points; index += 1) await openTopic(who);

      const response = await unchanged(() => who.agent.post('/api/discussions').send({ title: 'Bir tane daha', text: 'x', category: 'genel' }));

      expect(response.status).toBe(429);
      expect(response.body.message).toBe(MESSAGES.tooManyRequests);
    });
  });

  describe('bad input changes nothing', () => {
    let who: SignedInMember;
    beforeAll(async () => {
      who = await freshMember();
    });

    it.each([
      ['/set/discussion without a title', { category: 'genel', desc: 'Metin' }],
      ['/set/discussion without a category', { title: 'Başlık', desc: 'Metin' }],
      ['/set/discussion without a text', { title: 'Başlık', category: 'genel' }],
      ['/set/discussion with a title of spaces', { title: '   ', category: 'genel', desc: 'Metin' }],
      ['/set/discussion with a text of line breaks', { title: 'Başlık', category: 'genel', desc: '\n\n ' }],
    ])('%s: "Lütfen gerekli alanları doldurunuz !"', async (_case, fields) => {
      const response = await unchanged(() => legacy(who.agent, '/set/discussion', fields));
      expect(response.body).toEqual({ success: false, error: true, message: 'Lütfen gerekli alanları doldurunuz !' });
    });

    it.each([
      ['without a series', { title: 'Başlık', desc: 'Metin' }],
      ['without a title', { series: 1, desc: 'Metin' }],
      ['without a text', { series: 1, title: 'Başlık' }],
    ])('newTopic2 %s: "Lütfen gerekli alanları doldurunuz !"', async (_case, fields) => {
      const response = await unchanged(() => ajax(who.agent, 'newTopic2', fields));
      expect(response.body).toEqual({ success: false, error: true, message: M.required });
    });

    it.each([
      ['without a category or title', { title: 'Başlık', text: 'Metin' }, M.required],
      ['without a title', { text: 'Metin', category: 'genel' }, M.required],
      ['without a text', { title: 'Başlık', category: 'genel' }, M.required],
      ['with an unknown category', { title: 'Başlık', text: 'Metin', category: 'korku' }, M.categoryInvalid],
      ['with a title too long', { title: 'a'.repeat(DISCUSSION_RULES.titleMaxLength + 1), text: 'Metin', category: 'genel' }, M.titleTooLong],
      ['with a text too long', { title: 'Başlık', text: 'a'.repeat(DISCUSSION_RULES.textMaxLength + 1), category: 'genel' }, M.textTooLong],
      ['with a text far beyond the limit', { title: 'Başlık', text: 'a'.repeat(DISCUSSION_RULES.textMaxLength * 10), category: 'genel' }, M.textTooLong],
      ['with a title given as an object', { title: { $ne: '' }, text: 'Metin', category: 'genel' }, M.required],
    ])('POST /api/discussions %s', async (_case, body, message) => {
      const response = await unchanged(() => who.agent.post('/api/discussions').send(body));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    });

    it('refuses a title that does not exist in both forms', async () => {
      const json = await unchanged(() => who.agent.post('/api/discussions').send({ title: 'Başlık', text: 'Metin', seriesId: 99_999_999 }));
      const form = await unchanged(() => ajax(who.agent, 'newTopic2', { series: 99_999_999, title: 'Başlık', desc: 'Metin' }));

      expect(json.status).toBe(404);
      expect(json.body.message).toBe(M.seriesNotFound);
      expect(form.body).toEqual({ success: false, error: true, message: M.seriesNotFound });
    });

    it('answers an unknown topic in Turkish', async () => {
      const missing = await visitorAgent(sut.baseUrl).get('/api/discussions/99999999');
      const notAnId = await visitorAgent(sut.baseUrl).get('/api/discussions/abc');

      expect([missing.status, missing.body.message]).toEqual([404, M.notFound]);
      expect([notAnId.status, notAnId.body.message]).toEqual([400, M.discussionIdInvalid]);
    });

    it('refuses unknown list orders, pages and categories', async () => {
      const visitor = visitorAgent(sut.baseUrl);
      for (const [query, message] of [
        ['order=eski', M.orderInvalid],
        ['page=0', M.pageInvalid],
        ['category=korku', M.categoryInvalid],
        [`q=${'a'.repeat(DISCUSSION_RULES.searchMaxLength + 1)}`, M.searchTooLong],
      ] as const) {
        const response = await visitor.get(`/api/discussions?${query}`);
        expect([response.status, response.body.message]).toEqual([400, message]);
      }
    });
  });

  describe('editing', () => {
    it('edits the author’s own topic over JSON and with editTopic, binding and unbinding a title', async () => {
      const who = await freshMember();
      const topic = await openTopic(who, { category: 'site' });

      const patched = await who.agent.patch(`/api/discussions/${topic.id}`).send({ title: 'Yeni başlık', text: 'Yeni metin', seriesId }).expect(200);
      expect(patched.body as DiscussionReply).toMatchObject({ message: M.updated, discussion: { title: 'Yeni başlık', text: 'Yeni metin', category: 'site', series: { id: seriesId } } });
      expect((patched.body as DiscussionReply).discussion.editedAt).not.toBeNull();

      const legacyEdit = await ajax(who.agent, 'editTopic', { id: topic.id, title: 'Eski usul', content: 'Satır 1\nSatır 2', series: '' });
      expect(legacyEdit.body).toEqual({ success: true, link: `/tartismalar/${topic.id}`, message: M.updated });
      expect(await topicRow(topic.id)).toMatchObject({ title: 'Eski usul', text: 'Satır 1\nSatır 2', category: 'site', title_id: null });
    });

    it.each([
      ['without an id', { title: 'Başlık', content: 'Metin', series: '' }],
      ['without a title', { id: 1, content: 'Metin', series: '' }],
      ['without a text', { id: 1, title: 'Başlık', series: '' }],
    ])('editTopic %s: "Eksik değerler var !"', async (_case, fields) => {
      const response = await unchanged(() => ajax(author.agent, 'editTopic', fields));
      expect(response.body).toEqual({ success: false, error: true, message: 'Eksik değerler var !' });
    });

    it('refuses an edit with a missing field over JSON', async () => {
      const topic = await openTopic(author);
      const response = await unchanged(() => author.agent.patch(`/api/discussions/${topic.id}`).send({ title: '', text: 'Metin' }));
      expect([response.status, response.body.message]).toEqual([400, M.editRequired]);
    });

    it('refuses editing another member’s topic, which stays as it was', async () => {
      const topic = await openTopic(author, { title: 'Benim konum' });

      const json = await unchanged(() => other.agent.patch(`/api/discussions/${topic.id}`).send({ title: 'Ele geçirildi', text: 'x' }));
      const form = await unchanged(() => ajax(other.agent, 'editTopic', { id: topic.id, title: 'Ele geçirildi', content: 'x', series: '' }));

      expect([json.status, json.body.message]).toEqual([403, M.editForbidden]);
      expect(form.body).toEqual({ success: false, error: true, message: M.editForbidden });
      expect((await topicRow(topic.id))!.title).toBe('Benim konum');
    });
  });

  describe('deleting', () => {
    beforeEach(async () => {
      owner = await freshMember();
    });

    it('refuses deleting another member’s topic, which stays', async () => {
      const topic = await openTopic(owner);

      const json = await unchanged(() => other.agent.delete(`/api/discussions/${topic.id}`));
      const form = await unchanged(() => legacy(other.agent, '/discussion/delete/post', { id: topic.id }));

      expect([json.status, json.body.message]).toEqual([403, M.deleteForbidden]);
      expect(form.body).toEqual({ success: false, error: true, message: M.deleteForbidden });
      expect(await topicRow(topic.id)).toBeDefined();
    });

    it('deletes the author’s own topic with its replies and sends them to the list', async () => {
      const topic = await openTopic(owner);
      const answer = await reply(other, topic.id, 'Silinecek yanıt');
      await other.agent.post(`/api/comments/${answer.id}/like`).expect(200);
      const second = await openTopic(owner);

      const json = await owner.agent.delete(`/api/discussions/${topic.id}`).expect(200);
      const form = await legacy(owner.agent, '/discussion/delete/post', { id: second.id });

      expect(json.body).toEqual({ message: M.deleted, go: '/tartismalar' });
      expect(form.body).toEqual({ success: true, message: M.deleted, go: '/tartismalar' });
      expect(await topicRow(topic.id)).toBeUndefined();
      expect(await topicRow(second.id)).toBeUndefined();
      expect(await db.query('SELECT id FROM comment WHERE id = $1', [answer.id])).toEqual([]);
      const again = await unchanged(() => legacy(owner.agent, '/discussion/delete/post', { id: topic.id }));
      expect(again.body).toEqual({ success: false, error: true, message: M.notFound });
    });
  });

  describe('the list', () => {
    beforeEach(async () => {
      owner = await freshMember();
    });

    /** Topics written straight to the table, for paging without the per-member limit. */
    async function insertTopics(count: number, category: string, title: (index: number) => string): Promise<number[]> {
      const rows = (await db.query(
        `INSERT INTO discussion (user_id, title, text, category, search_key)
         SELECT $1, t.title, 'Metin', $2, lower(t.title) FROM unnest($3::text[]) AS t(title) RETURNING id`,
        [owner.userId, category, Array.from({ length: count }, (_, index) => title(index))],
      )) as Array<{ id: number }>;
      return rows.map((row) => row.id);
    }

    it('pages through a category newest first', async () => {
      const ids = await insertTopics(DISCUSSION_RULES.pageSize + 3, 'site', (index) => `Site konusu ${index}`);
      const visitor = visitorAgent(sut.baseUrl);

      const first = (await visitor.get('/api/discussions?category=site').expect(200)).body as DiscussionList;
      const second = (await visitor.get('/api/discussions?category=site&page=2').expect(200)).body as DiscussionList;

      expect(first.discussions).toHaveLength(DISCUSSION_RULES.pageSize);
      expect(first.hasMore).toBe(true);
      expect(first.discussions.every((card) => card.category === 'site')).toBe(true);
      expect(first.discussions[0]!.id).toBeGreaterThan(first.discussions[1]!.id);
      expect(second.hasMore).toBe(false);
      expect(first.total).toBe(second.total);
      const listed = [...first.discussions, ...second.discussions].map((card) => card.id);
      expect(listed).toEqual(expect.arrayContaining(ids));
      expect(new Set(listed).size).toBe(listed.length);
    });

    it('finds topics by words of their title, ignoring case and Turkish letters', async () => {
      const topic = await openTopic(owner, { title: 'Şahane Çizgi Film Önerileri' });

      const found = (await visitorAgent(sut.baseUrl).get(`/api/discussions?q=${encodeURIComponent('çizgi fİlm')}`).expect(200)).body as DiscussionList;
      const none = (await visitorAgent(sut.baseUrl).get('/api/discussions?q=yokboylebirkonu').expect(200)).body as DiscussionList;

      expect(found.discussions.map((card) => card.id)).toContain(topic.id);
      expect(none).toMatchObject({ discussions: [], total: 0, hasMore: false });
    });

    it('orders the most active first: most replies, then the newest reply, kept exact as replies come and go', async () => {
      const quiet = await openTopic(owner, { category: 'filmler', title: 'Sessiz' });
      const busy = await openTopic(owner, { category: 'filmler', title: 'Hareketli' });
      const lively = await openTopic(other, { category: 'filmler', title: 'Canlı' });
      await reply(other, busy.id, 'Bir');
      const second = await reply(owner, busy.id, 'İki');
      await reply(owner, lively.id, 'Tek');

      const active = async () =>
        ((await visitorAgent(sut.baseUrl).get('/api/discussions?category=filmler&order=active').expect(200)).body as DiscussionList).discussions
          .filter((card) => [quiet.id, busy.id, lively.id].includes(card.id))
          .map((card) => [card.title, card.replyCount]);

      expect(await active()).toEqual([['Hareketli', 2], ['Canlı', 1], ['Sessiz', 0]]);

      await owner.agent.delete(`/api/comments/${second.id}`).expect(204);
      await reply(other, lively.id, 'İkinci');
      expect(await active()).toEqual([['Canlı', 2], ['Hareketli', 1], ['Sessiz', 0]]);
      const row = await topicRow(busy.id);
      const [{ newest }] = (await db.query('SELECT max(created_at) AS newest FROM comment WHERE discussion_id = $1 AND deleted_at IS NULL', [busy.id])) as Array<{ newest: Date }>;
      expect(row!.last_activity_at).toEqual(newest);
    });
  });

  describe('replies are comments', () => {
    beforeEach(async () => {
      owner = await freshMember();
    });

    it('takes replies, answers and likes on the topic, live on its channel, with the legacy calls too', async () => {
      const topic = await openTopic(owner, { title: 'Canlı konu' });
      const room = commentRooms.discussion(topic.id);
      const watcher = await socketOf();
      expect(await watcher.timeout(5000).emitWithAck('room.join', { room })).toEqual({ ok: true });
      const created = collect(watcher, 'comment.created');
      const likes = collect(watcher, 'comment.likesChanged');

      const page = (await visitorAgent(sut.baseUrl).get(`/api/discussions/${topic.id}/comments`).expect(200)).body as CommentPage;
      expect(page).toMatchObject({ room, target: { type: COMMENT_TARGET_TYPES.discussion, id: topic.id }, threads: [], total: 0 });

      const head = await legacy(other.agent, '/add/comment', { type: COMMENT_TARGET_TYPES.discussion, id: topic.id, comment: 'İlk yanıt', spoiler: 1 });
      expect(head.body).toMatchObject({ success: true, id: expect.any(Number), message: COMMENT_MESSAGES.commentAdded });
      const answer = await legacy(owner.agent, '/set/comment/reply', { id: head.body.id as number, message: 'Teşekkürler' });
      expect(answer.body).toMatchObject({ success: true, message: COMMENT_MESSAGES.replyAdded });
      const like = await legacy(owner.agent, '/set/action', { type: COMMENT_TARGET_TYPES.discussion, series_id: topic.id, post_id: head.body.id as number, status: 0 });
      expect(like.body).toEqual({ success: true, status: 1, action: 'like', count: 1 });

      await eventually(() => created.length + likes.length, (count) => count === 3);
      expect(created.map((comment) => [comment.text, comment.discussionId, comment.titleId, comment.parentId])).toEqual([
        ['İlk yanıt', topic.id, null, null],
        ['Teşekkürler', topic.id, null, head.body.id],
      ]);
      expect(likes).toEqual([{ id: head.body.id, likeCount: 1, likesVersion: 1 }]);
      const listed = (await owner.agent.get(`/api/discussions/${topic.id}/comments`).expect(200)).body as CommentPage;
      expect(listed.total).toBe(2);
      expect(listed.threads[0]).toMatchObject({ text: 'İlk yanıt', spoiler: true, liked: true, likeCount: 1, replies: [{ text: 'Teşekkürler' }] });
      expect((await topicRow(topic.id))!.reply_count).toBe(2);
      const more = await legacy(visitorAgent(sut.baseUrl), '/get/more/comment', { type: COMMENT_TARGET_TYPES.discussion, id: topic.id, page: 1 });
      expect(more.body.theme).toContain('İlk yanıt');
    });

    it('tells the topic’s repliers of answers and likes, linking the reply on the topic', async () => {
      const [writer, answerer] = await Promise.all([freshMember(), freshMember()]);
      const topic = await openTopic(writer);
      const head = await reply(writer, topic.id, 'Fikrim şu');
      await reply(answerer, topic.id, 'Katılmıyorum', head.id);
      await answerer.agent.post(`/api/comments/${head.id}/like`).expect(200);

      const rows = await eventually(
        async () => (await db.query('SELECT kind, link FROM notification WHERE user_id = $1 ORDER BY kind', [writer.userId])) as Array<{ kind: string; link: string }>,
        (found) => found.length === 2,
      );
      expect(rows.map((row) => row.kind)).toEqual(['comment.like', 'comment.reply']);
      for (const row of rows) expect(row.link).toMatch(new RegExp(`^/tartismalar/${topic.id}#yorum-\\d+$`));
    });

    it('refuses replies to an unknown topic, a reply written into another page, and markup, changing nothing', async () => {
      const topic = await openTopic(owner);
      const elsewhere = await openTopic(owner);
      const head = await reply(other, elsewhere.id, 'Başka konuda');

      const unknown = await unchanged(() => other.agent.post('/api/discussions/99999999/comments').send({ text: 'x' }));
      const crossed = await unchanged(() => other.agent.post(`/api/discussions/${topic.id}/comments`).send({ text: 'x', parentId: head.id }));
      const markup = await unchanged(() => legacy(other.agent, '/add/comment', { type: COMMENT_TARGET_TYPES.discussion, id: topic.id, comment: '<script>x</script>' }));
      const likeElsewhere = await unchanged(() =>
        legacy(other.agent, '/set/action', { type: COMMENT_TARGET_TYPES.discussion, series_id: topic.id, post_id: head.id, status: 0 }),
      );

      expect([unknown.status, unknown.body.message]).toEqual([404, COMMENT_MESSAGES.targetNotFound]);
      expect([crossed.status, crossed.body.message]).toEqual([400, COMMENT_MESSAGES.parentElsewhere]);
      expect(markup.body).toEqual({ success: false, error: true, message: COMMENT_MESSAGES.markupNotAllowed });
      expect(likeElsewhere.body).toEqual({ success: false, error: true, message: COMMENT_MESSAGES.commentNotFound });
    });

    it('lists a member’s replies in topics on their profile, linking the reply on the topic', async () => {
      const topic = await openTopic(owner, { title: 'Profilde görünen konu' });
      const answer = await reply(other, topic.id, 'Profilimde görünsün');

      const page = await visitorAgent(sut.baseUrl).get(`/api/users/${other.username}/comments`).expect(200);

      expect(page.body.comments[0]).toMatchObject({ id: answer.id, title: null, topic: { id: topic.id, title: 'Profilde görünen konu' }, link: `/tartismalar/${topic.id}#yorum-${answer.id}` });
    });

    it('lets a socket join only the channel of a topic that exists', async () => {
      const socket = await socketOf(other);
      const refused = await socket.timeout(5000).emitWithAck('room.join', { room: commentRooms.discussion(99_999_999) });
      expect(refused).toMatchObject({ ok: false });
    });
  });
});
