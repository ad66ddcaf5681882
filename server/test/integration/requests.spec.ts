import { randomBytes } from 'node:crypto';
import {
  MESSAGES,
  REQUEST_MESSAGES as M,
  REQUEST_RULES,
  type ContentRequestCreatedReply,
  type ContentRequestExistsReply,
  type ContentRequestList,
  type ContentRequestView,
  type ContentRequestVoteReply,
  type NotificationPage,
  type RequestSearchResult,
} from '@seyirlik/shared-contracts';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { ContentRequests1765810000000 } from '../../src/platform/database/migrations/1765810000000-content-requests';
import { buildCatalogFile, buildFilm, buildSeries } from '../factories/catalog';
import { visitorAgent } from '../factories/members';
import { signedInMember, type MemberAgent, type SignedInMember } from '../factories/rooms';
import { eventually } from '../harness/room-client';
import { TEST_REDIS_URL } from '../support/services';
import { startTestApp, type TestApp } from '../support/test-app';

type Agent = MemberAgent | ReturnType<typeof visitorAgent>;

describe('content requests', () => {
  let sut: TestApp;
  let db: DataSource;
  let requester: SignedInMember;
  let voter: SignedInMember;

  /** Everything a request write could change. */
  const snapshot = async () =>
    (
      await db.query(`SELECT (SELECT count(*) FROM content_request)::int AS requests,
                             (SELECT coalesce(string_agg(id || ':' || name || ':' || kind || ':' || coalesce(external_id::text, '-') || ':' || coalesce(image_url, '-') || ':' || status || ':' || up_count || ':' || down_count || ':' || coalesce(title_id::text, '-'), ',' ORDER BY id), '') FROM content_request) AS fields,
                             (SELECT coalesce(string_agg(request_id || ':' || user_id || ':' || value, ',' ORDER BY request_id, user_id), '') FROM content_request_vote) AS votes,
                             (SELECT count(*) FROM notification)::int AS notifications,
                             (SELECT count(*) FROM outbox_message)::int AS events`)
    )[0] as Record<string, number | string>;

  async function unchanged(send: () => Promise<request.Response>): Promise<request.Response> {
    const before = await snapshot();
    const response = await send();
    expect(await snapshot()).toEqual(before);
    return response;
  }

  /** A name nobody used yet in this run. */
  const uniqueName = (prefix = 'İstenen Yapım') => `${prefix} ${randomBytes(3).toString('hex')}`;

  const legacy = (who: Agent | SignedInMember, path: string, fields: Record<string, string | number>) =>
    ('agent' in who ? who.agent : who).post(path).type('form').send(fields);
  const member = () => signedInMember(sut.baseUrl, { muted: ['badge'] });

  /** A request by `who`, or by a new member (a member makes REQUEST_RULES.createRateLimit requests an hour). */
  const makeRequest = async (who?: SignedInMember, fields: Record<string, string | number> = {}): Promise<ContentRequestView> => {
    who ??= await member();
    const response = await who.agent.post('/api/requests').send({ name: uniqueName(), type: 'dizi', ...fields });
    if (response.status !== 201) throw new Error(`request failed: ${response.status} ${JSON.stringify(response.body)}`);
    return (response.body as ContentRequestCreatedReply).request;
  };

  const notificationsOf = async (who: SignedInMember) => ((await who.agent.get('/api/notifications')).body as NotificationPage).notifications;

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true', REDIS_URL: TEST_REDIS_URL });
    db = sut.server.app.get(DataSource);
    [requester, voter] = await Promise.all([member(), member()]);
  });

  afterAll(async () => {
    await sut.close();
  });

  describe('authentication', () => {
    it('requires authentication for requests and votes, JSON (401) and legacy (session flag), changing nothing', async () => {
      const existing = await makeRequest();
      const visitor = visitorAgent(sut.baseUrl);
      const before = await snapshot();

      const json = await Promise.all([
        visitor.post('/api/requests').send({ name: uniqueName(), type: 'film' }),
        visitor.post(`/api/requests/${existing.id}/vote`).send({ type: 1 }),
      ]);
      for (const response of json) expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: { statusCode: 401, message: MESSAGES.loginRequired } });
      const old = await Promise.all([
        legacy(visitor, '/set/request', { name: uniqueName(), type: 'film', id: '', image: '' }),
        legacy(visitor, '/set/request/vote', { id: existing.id, type: 1 }),
      ]);
      for (const response of old) expect(response.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      expect(await snapshot()).toEqual(before);
    });

    it('lets visitors read the list, a request, the search and /request/load, with no vote of their own', async () => {
      const existing = await makeRequest();
      const visitor = visitorAgent(sut.baseUrl);

      const list = await visitor.get('/api/requests');
      const one = await visitor.get(`/api/requests/${existing.id}`);
      const search = await visitor.get(`/api/requests/search?q=${encodeURIComponent(existing.name)}`);
      const load = await legacy(visitor, '/request/load', { page: 1 });
      const found = await legacy(visitor, '/get/search', { content: existing.name, type: '' });

      expect(list.status).toBe(200);
      expect((list.body as ContentRequestList).requests.map((row) => row.id)).toContain(existing.id);
      expect(one.body).toMatchObject({ id: existing.id, myVote: null, status: 'open' });
      expect((search.body as RequestSearchResult).requests.map((row) => row.id)).toEqual([existing.id]);
      expect(load.body).toMatchObject({ success: true, count: expect.any(Number) });
      expect(found.body).toMatchObject({ success: true, titles: [], requests: [expect.objectContaining({ id: existing.id })] });
    });
  });

  describe('making a request', () => {
    it('makes a request with the seed fields, open, at score 0, linked to its page', async () => {
      const name = uniqueName('Kurtlar Vadisi');
      const response = await requester.agent.post('/api/requests').send({ name: `  ${name} `, type: 'dizi', id: '1399', image: 'https://image.tmdb.org/t/p/w500/poster.jpg' });

      expect(response.status).toBe(201);
      const { request: made, link, message } = response.body as ContentRequestCreatedReply;
      expect(message).toBe(M.created);
      expect(link).toBe(`/istekler/${made.id}`);
      expect(made).toMatchObject({
        name,
        kind: 'dizi',
        externalId: 1399,
        image: 'https://image.tmdb.org/t/p/w500/poster.jpg',
        status: 'open',
        upCount: 0,
        downCount: 0,
        score: 0,
        myVote: null,
        titleLink: null,
        requester: expect.objectContaining({ id: requester.userId, username: requester.username }),
      });
    });

    it('makes a request through /set/request, answering its link, id and message', async () => {
      const response = await legacy(requester, '/set/request', { name: uniqueName(), type: 'anime', id: '', image: '' });

      expect(response.body).toEqual({ success: true, link: expect.stringMatching(/^\/istekler\/\d+$/), id: expect.any(Number), message: M.created });
      expect((await db.query('SELECT kind, external_id, image_url FROM content_request WHERE id = $1', [response.body.id]))[0]).toEqual({ kind: 'anime', external_id: null, image_url: null });
    });

    it('keeps HTML and script in the name as text', async () => {
      const name = `<script>alert("x")</script> <b>${randomBytes(2).toString('hex')}</b> & <img src=x onerror=alert(1)>`;
      const made = await makeRequest(undefined, { name, type: 'film' });

      expect(made.name).toBe(name);
      expect((await db.query('SELECT name FROM content_request WHERE id = $1', [made.id]))[0].name).toBe(name);
      const loaded = await legacy(voter, '/request/load', { page: 1, type: 'film' });
      expect((loaded.body.requests as ContentRequestView[]).find((row) => row.id === made.id)?.name).toBe(name);
    });

    it.each([
      ['no name', { type: 'dizi' }, M.nameRequired],
      ['an empty name', { name: '   ', type: 'dizi' }, M.nameRequired],
      ['a one-letter name', { name: 'A', type: 'dizi' }, M.nameTooShort],
      ['a name too long', { name: 'a'.repeat(REQUEST_RULES.nameMaxLength + 1), type: 'dizi' }, M.nameTooLong],
      ['a huge name', { name: 'a'.repeat(200_000), type: 'dizi' }, M.nameTooLong],
      ['no type', { name: 'Bir Yapım' }, M.typeInvalid],
      ['an unknown type', { name: 'Bir Yapım', type: 'belgesel' }, M.typeInvalid],
      ['a negative outside id', { name: 'Bir Yapım', type: 'dizi', id: '-5' }, M.externalIdInvalid],
      ['a text outside id', { name: 'Bir Yapım', type: 'dizi', id: '12abc' }, M.externalIdInvalid],
      ['an http poster', { name: 'Bir Yapım', type: 'dizi', image: 'http://ornek.com/a.jpg' }, M.imageInvalid],
      ['a script poster', { name: 'Bir Yapım', type: 'dizi', image: 'javascript:alert(1)' }, M.imageInvalid],
      ['a data poster', { name: 'Bir Yapım', type: 'dizi', image: 'data:image/svg+xml,<svg onload=alert(1)>' }, M.imageInvalid],
      ['a poster with markup', { name: 'Bir Yapım', type: 'dizi', image: '"><script>alert(1)</script>' }, M.imageInvalid],
    ])('refuses %s with a Turkish message, JSON and legacy, changing nothing', async (_case, fields, message) => {
      const json = await unchanged(() => requester.agent.post('/api/requests').send(fields));
      const old = await unchanged(() => legacy(requester, '/set/request', fields as Record<string, string>));

      expect({ status: json.status, body: json.body }).toEqual({ status: 400, body: { statusCode: 400, message } });
      expect(old.body).toEqual({ success: false, error: true, message });
    });

    it('sends a request for a title the catalog has to the title, whatever its case and marks, changing nothing', async () => {
      const name = uniqueName('Şahmaran Işık');
      const series = buildSeries({ name, originalName: 'Sahmaran Light' });
      await sut.server.app.get(CatalogImportService).import(buildCatalogFile([series]));

      const json = await unchanged(() => requester.agent.post('/api/requests').send({ name: name.toLocaleUpperCase('tr'), type: 'dizi' }));
      const byOriginal = await unchanged(() => legacy(requester, '/set/request', { name: 'SAHMARAN LIGHT', type: 'dizi', id: '', image: '' }));

      expect(json.status).toBe(409);
      expect(json.body as ContentRequestExistsReply).toEqual({ statusCode: 409, message: M.alreadyInCatalog, exists: 'title', link: `/dizi/${series.slug}` });
      expect(byOriginal.body).toEqual({ success: false, error: true, message: M.alreadyInCatalog, exists: 'title', link: `/dizi/${series.slug}` });
      // The same name as another kind is another title.
      expect((await requester.agent.post('/api/requests').send({ name, type: 'film' })).status).toBe(201);
    });

    it('sends a request made already (same name folded, or same outside id) to that request, changing nothing', async () => {
      const first = await makeRequest(undefined, { name: uniqueName('Gümüş Işıltı'), type: 'anime', id: '777001' });

      const sameName = await unchanged(() => voter.agent.post('/api/requests').send({ name: ` ${first.name.toLocaleUpperCase('tr')} `, type: 'anime' }));
      const sameId = await unchanged(() => legacy(voter, '/set/request', { name: uniqueName(), type: 'anime', id: '777001', image: '' }));

      expect(sameName.status).toBe(409);
      expect(sameName.body).toEqual({ statusCode: 409, message: M.alreadyRequested, exists: 'request', link: first.link });
      expect(sameId.body).toEqual({ success: false, error: true, message: M.alreadyRequested, exists: 'request', link: first.link });
    });

    it('makes one request of several identical ones sent at once, sending the others to it', async () => {
      const members = await Promise.all(Array.from({ length: 4 }, () => member()));
      const name = uniqueName('Aynı Anda');

      const responses = await Promise.all(members.map((member) => member.agent.post('/api/requests').send({ name, type: 'film' })));

      const made = responses.filter((response) => response.status === 201);
      expect(made).toHaveLength(1);
      const { link } = made[0]!.body as ContentRequestCreatedReply;
      for (const response of responses.filter((each) => each.status !== 201)) expect(response.body).toMatchObject({ statusCode: 409, exists: 'request', link });
      expect((await db.query('SELECT count(*)::int AS n FROM content_request WHERE name = $1', [name]))[0].n).toBe(1);
    });
  });

  describe('voting', () => {
    it('counts an upvote, changes it to a downvote, and keeps a repeated vote once; the row shows the member’s vote', async () => {
      const made = await makeRequest();

      const up = await voter.agent.post(`/api/requests/${made.id}/vote`).send({ type: 1 });
      expect(up.status).toBe(200);
      expect(up.body as ContentRequestVoteReply).toMatchObject({ message: M.upvoted, request: { upCount: 1, downCount: 0, score: 1, myVote: 'upvoted' } });
      const again = await voter.agent.post(`/api/requests/${made.id}/vote`).send({ type: '1' });
      expect((again.body as ContentRequestVoteReply).request).toMatchObject({ upCount: 1, downCount: 0, score: 1 });
      const down = await legacy(voter, '/set/request/vote', { id: made.id, type: 2 });
      expect(down.body).toEqual({ success: true, status: 'downvoted', score: -1, up: 0, down: 1, message: M.downvoted });

      expect((await voter.agent.get(`/api/requests/${made.id}`)).body).toMatchObject({ myVote: 'downvoted', score: -1 });
      expect((await requester.agent.get(`/api/requests/${made.id}`)).body).toMatchObject({ myVote: null, score: -1 });
      expect(await db.query('SELECT user_id, value FROM content_request_vote WHERE request_id = $1', [made.id])).toEqual([{ user_id: voter.userId, value: 2 }]);
    });

    it.each([
      ['no type', {}],
      ['type 0', { type: 0 }],
      ['type 3', { type: 3 }],
      ['type "up"', { type: 'up' }],
      ['type 1.5', { type: '1.5' }],
      ['type -1', { type: '-1' }],
    ])('refuses a vote with %s, JSON and legacy, changing nothing', async (_case, fields) => {
      const made = await makeRequest();

      const json = await unchanged(() => voter.agent.post(`/api/requests/${made.id}/vote`).send(fields));
      const old = await unchanged(() => legacy(voter, '/set/request/vote', { id: made.id, ...(fields as Record<string, string>) }));

      expect({ status: json.status, body: json.body }).toEqual({ status: 400, body: { statusCode: 400, message: M.voteTypeInvalid } });
      expect(old.body).toEqual({ success: false, error: true, message: M.voteTypeInvalid });
    });

    it('refuses a vote on a request that is not there, or named by no id, changing nothing', async () => {
      const json = await unchanged(() => voter.agent.post('/api/requests/999999/vote').send({ type: 1 }));
      const old = await unchanged(() => legacy(voter, '/set/request/vote', { id: 999999, type: 1 }));
      const noId = await unchanged(() => legacy(voter, '/set/request/vote', { type: 1 }));

      expect({ status: json.status, body: json.body }).toEqual({ status: 404, body: { statusCode: 404, message: M.requestNotFound } });
      expect(old.body).toEqual({ success: false, error: true, message: M.requestNotFound });
      expect(noId.body).toEqual({ success: false, error: true, message: M.requestIdInvalid });
    });

    it('counts 30 members voting at once exactly, and one member’s racing double votes once', async () => {
      const made = await makeRequest();
      const members = await Promise.all(Array.from({ length: 30 }, () => member()));

      await Promise.all(members.map((member, index) => member.agent.post(`/api/requests/${made.id}/vote`).send({ type: index % 3 === 0 ? 2 : 1 })));
      const raced = await Promise.all(Array.from({ length: 10 }, (_, index) => legacy(voter, '/set/request/vote', { id: made.id, type: index % 2 === 0 ? 1 : 2 })));
      for (const response of raced) expect(response.body.success).toBe(true);

      const [row] = await db.query(
        `SELECT r.up_count, r.down_count,
                (SELECT count(*) FROM content_request_vote v WHERE v.request_id = r.id AND v.value = 1)::int AS ups,
                (SELECT count(*) FROM content_request_vote v WHERE v.request_id = r.id AND v.value = 2)::int AS downs
           FROM content_request r WHERE r.id = $1`,
        [made.id],
      );
      expect(row.up_count + row.down_count).toBe(31);
      expect({ up: row.up_count, down: row.down_count }).toEqual({ up: row.ups, down: row.downs });
      expect([20, 21]).toContain(row.up_count);
    });

    it('refuses votes on a request that is settled (refused), changing nothing', async () => {
      const made = await makeRequest();
      await db.query(`UPDATE content_request SET status = 'refused' WHERE id = $1`, [made.id]);

      const json = await unchanged(() => voter.agent.post(`/api/requests/${made.id}/vote`).send({ type: 1 }));

      expect({ status: json.status, body: json.body }).toEqual({ status: 409, body: { statusCode: 409, message: M.voteClosed } });
    });
  });

  describe('listing and search', () => {
    it('pages the list by score and ends /request/load with the seed’s text', async () => {
      const [low, high] = [await makeRequest(undefined, { type: 'film' }), await makeRequest(undefined, { type: 'film' })];
      await requester.agent.post(`/api/requests/${high.id}/vote`).send({ type: 1 });
      await requester.agent.post(`/api/requests/${low.id}/vote`).send({ type: 2 });

      const films = (await voter.agent.get('/api/requests?kind=film&status=open')).body as ContentRequestList;
      const ids = films.requests.map((row) => row.id);
      expect(ids.indexOf(high.id)).toBeLessThan(ids.indexOf(low.id));
      expect(films.requests.every((row) => row.kind === 'film' && row.status === 'open')).toBe(true);
      const total = (await db.query('SELECT count(*)::int AS n FROM content_request'))[0].n as number;
      const pages = Math.ceil(total / REQUEST_RULES.pageSize);
      const last = await legacy(voter, '/request/load', { page: pages });
      expect(last.body).toMatchObject({ success: true, count: total - (pages - 1) * REQUEST_RULES.pageSize });
      const past = await legacy(voter, '/request/load', { page: pages + 1 });
      expect(past.body).toEqual({ success: false, count: 0, requests: [], message: 'Gösterilecek içerik kalmadı.' });
      expect((await legacy(voter, '/request/load', { page: 0 })).body).toEqual({ success: false, error: true, message: M.pageInvalid });
    });

    it('finds catalog titles and requests from 2 characters, refusing one character', async () => {
      const word = `zx${randomBytes(2).toString('hex')}`;
      const film = buildFilm({ name: `${word} Filmi`, originalName: `${word} Film` });
      await sut.server.app.get(CatalogImportService).import(buildCatalogFile([film]));
      const made = await makeRequest(undefined, { name: `${word} Dizisi`, type: 'dizi' });

      const found = (await voter.agent.get(`/api/requests/search?q=${word.toUpperCase()}`)).body as RequestSearchResult;
      expect(found.titles).toEqual([expect.objectContaining({ name: `${word} Filmi`, kind: 'film', link: `/film/${film.slug}` })]);
      expect(found.requests.map((row) => row.id)).toEqual([made.id]);
      const short = await voter.agent.get('/api/requests/search?q=z');
      expect({ status: short.status, body: short.body }).toEqual({ status: 400, body: { statusCode: 400, message: M.queryTooShort } });
      expect((await legacy(voter, '/get/search', { content: 'z' })).body).toEqual({ success: false, error: true, message: M.queryTooShort });
    });
  });

  describe('added by a catalog import', () => {
    it('marks the open request added with its title inside the import and tells its requester and upvoters, not its downvoters', async () => {
      const name = uniqueName('Yeni Gelen');
      const [asker, upvoter, downvoter] = await Promise.all([member(), member(), member()]);
      const made = await makeRequest(asker, { name, type: 'anime' });
      await upvoter.agent.post(`/api/requests/${made.id}/vote`).send({ type: 1 });
      await downvoter.agent.post(`/api/requests/${made.id}/vote`).send({ type: 2 });
      const anime = buildSeries({ kind: 'anime', name: name.toLocaleLowerCase('tr'), originalName: 'Newcomer' });

      await sut.server.app.get(CatalogImportService).import(buildCatalogFile([anime]));

      const [row] = await db.query('SELECT r.status, r.added_at IS NOT NULL AS dated, t.slug FROM content_request r JOIN title t ON t.id = r.title_id WHERE r.id = $1', [made.id]);
      expect(row).toEqual({ status: 'added', dated: true, slug: anime.slug });
      expect((await voter.agent.get(`/api/requests/${made.id}`)).body).toMatchObject({ status: 'added', titleLink: `/anime/${anime.slug}` });
      const expected = expect.objectContaining({ kind: 'request.added', text: `İstediğiniz «${name}» artık sitede.`, link: `/anime/${anime.slug}` });
      await eventually(() => notificationsOf(asker), (list) => list.length > 0);
      await eventually(() => notificationsOf(upvoter), (list) => list.length > 0);
      expect(await notificationsOf(asker)).toEqual([expected]);
      expect(await notificationsOf(upvoter)).toEqual([expected]);

      // Importing the same file again adds nothing and tells nobody again.
      await sut.server.app.get(CatalogImportService).import(buildCatalogFile([anime]));
      expect(await notificationsOf(downvoter)).toEqual([]);
      expect(await db.query(`SELECT count(*)::int AS n FROM outbox_message WHERE name = 'request.added' AND (payload->>'requestId')::int = $1`, [made.id])).toEqual([{ n: 1 }]);
    });

    it('leaves a request of another kind open', async () => {
      const name = uniqueName('Tür Farkı');
      const made = await makeRequest(undefined, { name, type: 'film' });

      await sut.server.app.get(CatalogImportService).import(buildCatalogFile([buildSeries({ name })]));

      expect((await db.query('SELECT status, title_id FROM content_request WHERE id = $1', [made.id]))[0]).toEqual({ status: 'open', title_id: null });
    });
  });

  describe('the migration', () => {
    it('goes down to the kinds before it and up again', async () => {
      const kindCheck = async () =>
        ((await db.query(`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'notification_mute_kind_check'`)) as Array<{ def: string }>)[0]!.def;
      const queryRunner = db.createQueryRunner();
      try {
        await new ContentRequests1765810000000().down(queryRunner);
        expect(await kindCheck()).not.toContain('request.added');
        expect(await db.query(`SELECT to_regclass('content_request') AS t`)).toEqual([{ t: null }]);
      } finally {
        await new ContentRequests1765810000000().up(queryRunner);
        await queryRunner.release();
      }
      expect(await kindCheck()).toContain('request.added');
    });
  });
});
