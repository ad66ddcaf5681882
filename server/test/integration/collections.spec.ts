import {
  BADGE_RULES,
  COLLECTION_MESSAGES as M,
  COLLECTION_RULES,
  MESSAGES,
  type CollectionCreatedReply,
  type CollectionFollowReply,
  type CollectionList,
  type CollectionReply,
  type CollectionSearchResult,
  type CollectionView,
} from '@seyirlik/shared-contracts';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { buildCatalogFile, buildFilm, buildSeries } from '../factories/catalog';
import { visitorAgent } from '../factories/members';
import { signedInMember, type MemberAgent, type SignedInMember } from '../factories/rooms';
import { eventually } from '../harness/room-client';
import { TEST_REDIS_URL } from '../support/services';
import { startTestApp, type TestApp } from '../support/test-app';

type Agent = MemberAgent | ReturnType<typeof visitorAgent>;
const HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>';

describe('collections', () => {
  let sut: TestApp;
  let db: DataSource;
  let owner: SignedInMember;
  let other: SignedInMember;
  /** Catalog titles' ids by slug. */
  const titles: Record<string, number> = {};
  let ids: number[];

  /** Everything a collection write could change. */
  const snapshot = async () =>
    (
      await db.query(`SELECT (SELECT count(*) FROM collection)::int AS collections,
                             (SELECT coalesce(string_agg(id || ':' || owner_id || ':' || name || ':' || description || ':' || follower_count || ':' || updated_at, ',' ORDER BY id), '') FROM collection) AS fields,
                             (SELECT coalesce(string_agg(collection_id || ':' || position || ':' || title_id, ',' ORDER BY collection_id, position), '') FROM collection_item) AS items,
                             (SELECT coalesce(string_agg(collection_id || ':' || user_id, ',' ORDER BY collection_id, user_id), '') FROM collection_follower) AS followers,
                             (SELECT count(*) FROM outbox_message)::int AS events`)
    )[0] as Record<string, number | string>;

  async function unchanged(send: () => Promise<request.Response>): Promise<request.Response> {
    const before = await snapshot();
    const response = await send();
    expect(await snapshot()).toEqual(before);
    return response;
  }

  const legacy = (agent: Agent, path: string, fields: Record<string, string | number>) => agent.post(path).type('form').send(fields);

  const createCollection = async (who: SignedInMember, body: Record<string, unknown> = {}): Promise<CollectionView> => {
    const response = await who.agent.post('/api/collections').send({ name: 'Hafta sonu listesi', desc: 'İzlenecekler', list: ids.slice(0, 3), ...body });
    if (response.status !== 201) throw new Error(`collection failed: ${response.status} ${JSON.stringify(response.body)}`);
    return (response.body as CollectionCreatedReply).collection;
  };

  const member = () => signedInMember(sut.baseUrl, { muted: ['badge'] });

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true', REDIS_URL: TEST_REDIS_URL });
    db = sut.server.app.get(DataSource);
    const catalog = [
      buildSeries({ name: 'Şahmaran Işığı', originalName: 'Sahmaran Light' }),
      buildSeries({ name: 'Kuzey Güney', originalName: 'Kuzey Guney' }),
      buildFilm({ name: 'Çağrı', originalName: 'The Message' }),
      buildFilm({ name: 'Ağır Roman', originalName: 'Cholera Street' }),
      buildSeries({ name: `Sahne ${HOSTILE}`, originalName: 'Hostile Stage' }),
    ];
    await new CatalogImportService(db).import(buildCatalogFile(catalog));
    const rows = (await db.query('SELECT id, slug FROM title WHERE slug = ANY($1)', [catalog.map((title) => title.slug)])) as Array<{ id: number; slug: string }>;
    for (const row of rows) titles[row.slug] = row.id;
    ids = catalog.map((title) => titles[title.slug]!);
    [owner, other] = await Promise.all([member(), member()]);
  });

  afterAll(() => sut.close());

  describe('authentication', () => {
    it('requires authentication for every write and the catalog search, JSON (401) and legacy (session flag), changing nothing', async () => {
      const collection = await createCollection(owner);
      const visitor = visitorAgent(sut.baseUrl);
      const before = await snapshot();
      const json = await Promise.all([
        visitor.post('/api/collections').send({ name: 'Liste', list: [ids[0]] }),
        visitor.patch(`/api/collections/${collection.id}`).send({ name: 'Liste', list: [ids[0]] }),
        visitor.delete(`/api/collections/${collection.id}`),
        visitor.post(`/api/collections/${collection.id}/follow`),
        visitor.delete(`/api/collections/${collection.id}/follow`),
        visitor.get('/api/collections/search?q=kuzey'),
      ]);
      for (const response of json) expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: { statusCode: 401, message: MESSAGES.loginRequired } });
      const old = await Promise.all([
        legacy(visitor, '/collection/set', { name: 'Liste', desc: '', list: JSON.stringify([{ id: ids[0] }]) }),
        legacy(visitor, '/set/collection', { collection_id: collection.id, list: JSON.stringify([{ id: ids[0] }]) }),
        legacy(visitor, '/collection/delete', { collection_id: collection.id }),
        legacy(visitor, '/collection/search', { query: 'kuzey' }),
      ]);
      for (const response of old) expect(response.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      expect(await snapshot()).toEqual(before);
    });

    it('shows lists and pages to visitors', async () => {
      const collection = await createCollection(owner, { name: 'Herkese açık' });
      const visitor = visitorAgent(sut.baseUrl);
      expect((await visitor.get(`/api/collections/${collection.id}`)).body).toMatchObject({ id: collection.id, mine: false, following: false });
      expect(((await visitor.get('/api/collections')).body as CollectionList).collections[0]).toMatchObject({ id: collection.id });
    });
  });

  describe('creating', () => {
    it('creates a collection with its titles in the order chosen, answers its link, and awards the first-collection badge', async () => {
      const creator = await member();
      const order = [ids[3]!, ids[0]!, ids[2]!];
      const response = await creator.agent.post('/api/collections').send({ name: '  Favori \n filmler ', desc: 'Satır bir\nsatır iki', list: order });

      expect(response.status).toBe(201);
      const { collection, link, message } = response.body as CollectionCreatedReply;
      expect(message).toBe(M.created);
      expect(link).toBe(`/koleksiyon/${collection.id}`);
      expect(collection).toMatchObject({
        link,
        name: 'Favori filmler',
        description: 'Satır bir\nsatır iki',
        itemCount: 3,
        followerCount: 0,
        mine: true,
        following: false,
        owner: { id: creator.userId, username: creator.username },
      });
      expect(collection.items.map((item) => item.id)).toEqual(order);
      expect(collection.items[0]).toMatchObject({ name: 'Ağır Roman', kind: 'film' });
      expect(collection.posters).toEqual(collection.items.map((item) => item.posterUrl));
      const badges = await eventually(
        async () => (await db.query('SELECT badge FROM member_badge WHERE user_id = $1', [creator.userId])) as Array<{ badge: string }>,
        (rows) => rows.some((row) => row.badge === 'first-collection'),
      );
      expect(badges.map((row) => row.badge)).toEqual(['first-collection']);
      expect(BADGE_RULES['first-collection'].name).toBe('İlk Koleksiyon');
    });

    it('answers the legacy `/collection/set` with the seed’s items as JSON: success, message and link', async () => {
      const list = JSON.stringify([{ id: ids[1], type: 'dizi', name: 'Kuzey Güney' }, { id: ids[2], type: 'film', name: 'Çağrı' }]);
      const response = await legacy(owner.agent, '/collection/set', { name: 'Eski yoldan', desc: 'Form ile', list });

      expect(response.body).toEqual({ success: true, message: M.created, link: expect.stringMatching(/^\/koleksiyon\/\d+$/) });
      const view = (await owner.agent.get(response.body.link.replace('/koleksiyon/', '/api/collections/'))).body as CollectionView;
      expect(view).toMatchObject({ name: 'Eski yoldan', description: 'Form ile', mine: true });
      expect(view.items.map((item) => item.id)).toEqual([ids[1], ids[2]]);
    });

    it('stores HTML and script in every text field as the text it is', async () => {
      const collection = await createCollection(owner, { name: HOSTILE, desc: `${HOSTILE}\n<b>kalın</b>` });
      const view = (await visitorAgent(sut.baseUrl).get(`/api/collections/${collection.id}`)).body as CollectionView;
      expect([view.name, view.description]).toEqual([HOSTILE, `${HOSTILE}\n<b>kalın</b>`]);
      const rows = (await db.query('SELECT name, description FROM collection WHERE id = $1', [collection.id])) as Array<{ name: string; description: string }>;
      expect(rows[0]).toEqual({ name: HOSTILE, description: `${HOSTILE}\n<b>kalın</b>` });
    });

    const createCases: Array<[string, () => Record<string, unknown>, string]> = [
      ['no name', () => ({ name: undefined }), M.required],
      ['a blank name', () => ({ name: ' \n ' }), M.required],
      ['no list', () => ({ list: undefined }), M.required],
      ['an empty list', () => ({ list: [] }), M.required],
      ['a list that is not JSON', () => ({ list: '[{"id": 1' }), M.listInvalid],
      ['a list of things that are not titles', () => ({ list: '[{"name":"x"}]' }), M.listInvalid],
      ['a title twice', () => ({ list: [ids[0], ids[1], ids[0]] }), M.duplicateItem],
      ['a name too long', () => ({ name: 'a'.repeat(COLLECTION_RULES.nameMaxLength + 1) }), M.nameTooLong],
      ['a description too long', () => ({ desc: 'a'.repeat(COLLECTION_RULES.descriptionMaxLength + 1) }), M.descriptionTooLong],
      ['too many titles', () => ({ list: Array.from({ length: COLLECTION_RULES.maxItems + 1 }, (_, index) => index + 1) }), M.tooManyItems],
      ['titles missing from the catalog', () => ({ list: [ids[0], 2_000_000_000] }), M.titleMissing],
    ];
    it.each(createCases)('refuses %s with a Turkish message, on both APIs, creating nothing', async (_case, override, message) => {
      const body: Record<string, unknown> = { name: 'Liste', desc: 'Açıklama', list: [ids[0]], ...override() };
      for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
      const form = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));

      const json = await unchanged(() => owner.agent.post('/api/collections').send(body));
      const old = await unchanged(() => legacy(owner.agent, '/collection/set', form));

      expect({ status: json.status, message: json.body.message }).toEqual({ status: 400, message });
      expect(old.body).toEqual({ success: false, error: true, message });
    });
  });

  describe('editing and deleting', () => {
    it('lets the owner rename and reorder, on JSON and with the legacy list as JSON', async () => {
      const collection = await createCollection(owner, { list: [ids[0], ids[1], ids[2]] });

      const response = await owner.agent.patch(`/api/collections/${collection.id}`).send({ name: 'Yeni ad', desc: '', list: [ids[2], ids[0]] });
      expect(response.status).toBe(200);
      expect((response.body as CollectionReply).message).toBe(M.updated);
      expect((response.body as CollectionReply).collection).toMatchObject({ name: 'Yeni ad', description: '', itemCount: 2 });
      expect((response.body as CollectionReply).collection.items.map((item) => item.id)).toEqual([ids[2], ids[0]]);

      const old = await legacy(owner.agent, '/set/collection', { collection_id: collection.id, list: JSON.stringify([{ id: ids[3] }, { id: ids[0] }, { id: ids[2] }]) });
      expect(old.body).toEqual({ success: true, message: M.updated, link: collection.link });
      const view = (await owner.agent.get(`/api/collections/${collection.id}`)).body as CollectionView;
      expect(view.items.map((item) => item.id)).toEqual([ids[3], ids[0], ids[2]]);
      expect(view.name).toBe('Yeni ad');
    });

    it('refuses another member’s edit and deletion on both APIs: the collection stays as it was', async () => {
      const collection = await createCollection(owner);
      const list = JSON.stringify([{ id: ids[4] }]);

      const patch = await unchanged(() => other.agent.patch(`/api/collections/${collection.id}`).send({ name: 'Ele geçirildi', list: [ids[4]] }));
      const del = await unchanged(() => other.agent.delete(`/api/collections/${collection.id}`));
      const oldSet = await unchanged(() => legacy(other.agent, '/set/collection', { collection_id: collection.id, list }));
      const oldDelete = await unchanged(() => legacy(other.agent, '/collection/delete', { collection_id: collection.id }));

      expect([patch.status, patch.body.message, del.status, del.body.message]).toEqual([403, M.ownerOnly, 403, M.ownerOnly]);
      expect(oldSet.body).toEqual({ success: false, error: true, message: M.ownerOnly });
      expect(oldDelete.body).toEqual({ success: false, error: true, message: M.ownerOnly });
      expect((await db.query('SELECT count(*)::int AS n FROM collection WHERE id = $1', [collection.id]))[0].n).toBe(1);
    });

    it.each([
      ['a list that is not JSON', { list: 'liste' }, M.listInvalid],
      ['an empty list', { list: '[]' }, M.required],
      ['a list naming missing titles', { list: JSON.stringify([{ id: 2_000_000_000 }]) }, M.titleMissing],
      ['no collection id', { collection_id: '' }, M.collectionIdInvalid],
    ])('refuses an edit with %s, changing nothing', async (_case, override, message) => {
      const collection = await createCollection(owner);
      const fields = { collection_id: String(collection.id), list: JSON.stringify([{ id: ids[1] }]), ...override };
      const response = await unchanged(() => legacy(owner.agent, '/set/collection', fields));
      expect(response.body).toEqual({ success: false, error: true, message });
      if ('list' in override) {
        const json = await unchanged(() => owner.agent.patch(`/api/collections/${collection.id}`).send({ name: 'Ad', list: override.list }));
        expect({ status: json.status, message: json.body.message }).toEqual({ status: 400, message });
      }
    });

    it('answers 404 in Turkish for a collection that is not there, on every path', async () => {
      const missing = 2_000_000_000;
      const responses = await Promise.all([
        owner.agent.get(`/api/collections/${missing}`),
        owner.agent.patch(`/api/collections/${missing}`).send({ name: 'Ad', list: [ids[0]] }),
        owner.agent.delete(`/api/collections/${missing}`),
        owner.agent.post(`/api/collections/${missing}/follow`),
      ]);
      for (const response of responses) expect({ status: response.status, message: response.body.message }).toEqual({ status: 404, message: M.collectionNotFound });
      expect((await legacy(owner.agent, '/collection/delete', { collection_id: missing })).body).toEqual({ success: false, error: true, message: M.collectionNotFound });
      expect((await owner.agent.get('/api/collections/abc')).body.message).toBe(M.collectionIdInvalid);
    });

    it('lets the owner delete, on JSON and legacy, sending the page back to the list', async () => {
      const first = await createCollection(owner);
      const second = await createCollection(owner);
      const follower = await member();
      await follower.agent.post(`/api/collections/${first.id}/follow`);

      const json = await owner.agent.delete(`/api/collections/${first.id}`);
      expect({ status: json.status, body: json.body }).toEqual({ status: 200, body: { message: M.deleted, go: '/koleksiyonlar' } });
      const old = await legacy(owner.agent, '/collection/delete', { collection_id: second.id });
      expect(old.body).toEqual({ success: true, message: M.deleted, go: '/koleksiyonlar' });

      expect((await owner.agent.get(`/api/collections/${first.id}`)).status).toBe(404);
      const left = (await db.query('SELECT (SELECT count(*) FROM collection_item WHERE collection_id IN ($1, $2))::int AS items, (SELECT count(*) FROM collection_follower WHERE collection_id = $1)::int AS followers', [first.id, second.id]))[0];
      expect(left).toEqual({ items: 0, followers: 0 });
    });
  });

  describe('lists and follows', () => {
    it('lists the newest and the most followed, a member’s own for the profile, a page at a time', async () => {
      const [author, fan1, fan2] = await Promise.all([member(), member(), member()]);
      const quiet = await createCollection(author, { name: 'Sessiz' });
      const loved = await createCollection(author, { name: 'Sevilen' });
      const liked = await createCollection(author, { name: 'Beğenilen' });
      for (const fan of [fan1, fan2]) await fan.agent.post(`/api/collections/${loved.id}/follow`);
      await fan1.agent.post(`/api/collections/${liked.id}/follow`);

      const newest = (await visitorAgent(sut.baseUrl).get('/api/collections')).body as CollectionList;
      expect(newest.collections.slice(0, 3).map((card) => card.id)).toEqual([liked.id, loved.id, quiet.id]);
      const popular = (await visitorAgent(sut.baseUrl).get('/api/collections?sort=popular')).body as CollectionList;
      expect(popular.collections.slice(0, 2).map((card) => [card.id, card.followerCount])).toEqual([
        [loved.id, 2],
        [liked.id, 1],
      ]);
      const own = (await visitorAgent(sut.baseUrl).get(`/api/collections?owner=${author.username.toUpperCase()}`)).body as CollectionList;
      expect(own).toEqual({ collections: expect.any(Array), page: 1, hasMore: false });
      expect(own.collections.map((card) => card.id)).toEqual([liked.id, loved.id, quiet.id]);
      expect(own.collections[0]).toMatchObject({ itemCount: 3, posters: expect.any(Array), owner: { username: author.username } });
      expect(((await visitorAgent(sut.baseUrl).get('/api/collections?owner=kimse-yok-burada')).body as CollectionList).collections).toEqual([]);
      const bad = await visitorAgent(sut.baseUrl).get('/api/collections?sort=eski');
      expect({ status: bad.status, message: bad.body.message }).toEqual({ status: 400, message: M.sortInvalid });

      const paging = await member();
      for (let index = 0; index < COLLECTION_RULES.pageSize + 1; index++) await createCollection(paging, { name: `Sayfa ${index}` });
      const first = (await visitorAgent(sut.baseUrl).get(`/api/collections?owner=${paging.username}`)).body as CollectionList;
      const second = (await visitorAgent(sut.baseUrl).get(`/api/collections?owner=${paging.username}&page=2`)).body as CollectionList;
      expect([first.collections.length, first.hasMore, second.collections.length, second.hasMore]).toEqual([COLLECTION_RULES.pageSize, true, 1, false]);
      expect(second.collections[0]!.name).toBe('Sayfa 0');
    });

    it('follows and unfollows with the exact count, refusing twice, one’s own and a missing one', async () => {
      const collection = await createCollection(owner);
      const fan = await member();

      const followed = await fan.agent.post(`/api/collections/${collection.id}/follow`);
      expect(followed.body as CollectionFollowReply).toEqual({ following: true, followerCount: 1, message: M.followed });
      expect((await fan.agent.get(`/api/collections/${collection.id}`)).body).toMatchObject({ following: true, followerCount: 1 });
      const twice = await unchanged(() => fan.agent.post(`/api/collections/${collection.id}/follow`));
      expect({ status: twice.status, message: twice.body.message }).toEqual({ status: 409, message: M.alreadyFollowing });
      const own = await unchanged(() => owner.agent.post(`/api/collections/${collection.id}/follow`));
      expect({ status: own.status, message: own.body.message }).toEqual({ status: 400, message: M.cannotFollowOwn });

      const unfollowed = await fan.agent.delete(`/api/collections/${collection.id}/follow`);
      expect(unfollowed.body as CollectionFollowReply).toEqual({ following: false, followerCount: 0, message: M.unfollowed });
      const again = await unchanged(() => fan.agent.delete(`/api/collections/${collection.id}/follow`));
      expect({ status: again.status, message: again.body.message }).toEqual({ status: 409, message: M.notFollowing });
    });

    it('keeps the follower count exact under concurrent follows and unfollows', async () => {
      const collection = await createCollection(owner);
      const fans = await Promise.all(Array.from({ length: 8 }, () => member()));

      // Each fan follows twice at once: one of the two counts.
      await Promise.all(fans.flatMap((fan) => [fan.agent.post(`/api/collections/${collection.id}/follow`), fan.agent.post(`/api/collections/${collection.id}/follow`)]));
      const counted = async () =>
        (await db.query('SELECT follower_count, (SELECT count(*) FROM collection_follower WHERE collection_id = $1)::int AS rows FROM collection WHERE id = $1', [collection.id]))[0];
      expect(await counted()).toEqual({ follower_count: fans.length, rows: fans.length });

      await Promise.all(fans.slice(0, 5).flatMap((fan) => [fan.agent.delete(`/api/collections/${collection.id}/follow`), fan.agent.delete(`/api/collections/${collection.id}/follow`)]));
      expect(await counted()).toEqual({ follower_count: 3, rows: 3 });
    });
  });

  describe('catalog search', () => {
    it('finds titles from 2 characters the Turkish way, closest first, on JSON and legacy (escaped theme)', async () => {
      const json = await owner.agent.get('/api/collections/search?q=SAHM');
      expect(json.status).toBe(200);
      expect((json.body as CollectionSearchResult).titles.map((title) => title.id)).toEqual([ids[0]]);
      expect((json.body as CollectionSearchResult).titles[0]).toMatchObject({ name: 'Şahmaran Işığı', kind: 'dizi' });
      const cagri = (await owner.agent.get(`/api/collections/search?q=${encodeURIComponent('ça')}`)).body as CollectionSearchResult;
      expect(cagri.titles[0]!.id).toBe(ids[2]);

      const old = await legacy(owner.agent, '/collection/search', { query: 'sahne' });
      expect(old.body).toEqual({ success: true, theme: expect.any(String) });
      expect(old.body.theme).toContain(`data-id="${ids[4]}"`);
      expect(old.body.theme).toContain('&lt;script&gt;');
      expect(old.body.theme).not.toContain('<script>');
      expect(old.body.theme).not.toContain('<img src=x');
      expect(old.body.theme).toContain(`>${M.add}</button>`);
    });

    it('says nothing was found, and refuses a text under 2 characters', async () => {
      expect((await legacy(owner.agent, '/collection/search', { query: 'qqzzxx' })).body).toEqual({ success: false, message: M.noResults });
      expect(((await owner.agent.get('/api/collections/search?q=qqzzxx')).body as CollectionSearchResult).titles).toEqual([]);
      const short = await owner.agent.get('/api/collections/search?q=a');
      expect({ status: short.status, message: short.body.message }).toEqual({ status: 400, message: M.queryTooShort });
      expect((await legacy(owner.agent, '/collection/search', { query: 'a' })).body).toEqual({ success: false, error: true, message: M.queryTooShort });
    });
  });
});
