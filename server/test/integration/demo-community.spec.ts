import { ACCOUNT_MESSAGES } from '@seyirlik/shared-contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { readDemoCatalog } from '../../src/catalog/demo/demo-catalog';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { DEMO_LOGIN, DEMO_MEMBERS } from '../../src/demo/demo-community';
import { DemoCommunitySeeder } from '../../src/demo/demo-community.seeder';
import { DemoSeeder } from '../../src/demo/demo-seeder';
import { registerMember, visitorAgent } from '../factories/members';
import { startTestApp, type TestApp } from '../support/test-app';

/** What the community seeding writes, table by table. */
const COMMUNITY_TABLES = [
  'app_user',
  'media_file',
  'comment',
  'comment_like',
  'watched_episode',
  'continue_watching',
  'watch_room',
  'watch_room_member',
  'watch_room_message',
  'private_message',
  'flow_post',
  'flow_reaction',
  'poll_vote',
  'discussion',
  'flow_group',
  'flow_group_member',
  'title',
] as const;

async function rowCounts(db: DataSource): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COMMUNITY_TABLES) counts[table] = Number((await db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
  return counts;
}

describe('the demo community', () => {
  describe('with DATABASE_URL set (the scaled mode)', () => {
    let sut: TestApp;

    beforeAll(async () => {
      sut = await startTestApp();
    });

    afterAll(() => sut.close());

    it('seeds nothing at start, and nothing when asked again', async () => {
      const db = sut.server.app.get(DataSource);
      const before = await rowCounts(db);

      const seeded = await sut.server.app.get(DemoSeeder).seed();

      expect(seeded).toEqual({ catalog: false, community: false });
      expect(before.app_user).toBe(0);
      expect(before.title).toBe(0);
      expect(await rowCounts(db)).toEqual(before);
    });
  });

  describe('on the first start of the embedded site', () => {
    let sut: TestApp;
    let db: DataSource;

    beforeAll(async () => {
      sut = await startTestApp({ TRUST_PROXY: 'true', READ_CACHE_SECONDS: '0' });
      db = sut.server.app.get(DataSource);
      await sut.server.app.get(CatalogImportService).import(readDemoCatalog(new Date()));
    });

    afterAll(() => sut.close());

    it('seeds members with drawn avatars, their comments, likes, room, messages, posts, topic and group, once', async () => {
      const seeder = sut.server.app.get(DemoCommunitySeeder);

      expect(await seeder.seedIfFirstStart()).toBe(true);

      const seeded = await rowCounts(db);
      expect(seeded.app_user).toBe(DEMO_MEMBERS.length);
      expect(seeded.media_file).toBe(DEMO_MEMBERS.length);
      const withAvatars = await db.query('SELECT count(*)::int AS n FROM app_user WHERE avatar_id IS NOT NULL');
      expect(withAvatars[0].n).toBe(DEMO_MEMBERS.length);
      const replies = await db.query('SELECT count(*)::int AS n FROM comment WHERE parent_id IS NOT NULL');
      expect(replies[0].n).toBeGreaterThan(0);
      expect(seeded.comment_like).toBeGreaterThan(0);
      expect(seeded.watch_room_message).toBeGreaterThan(0);
      expect(seeded.private_message).toBeGreaterThan(0);
      expect(seeded.flow_post).toBeGreaterThan(0);
      expect(seeded.poll_vote).toBeGreaterThan(0);
      expect(seeded.discussion).toBe(1);
      expect(seeded.flow_group).toBe(1);

      expect(await seeder.seedIfFirstStart()).toBe(false);
      expect(await rowCounts(db)).toEqual(seeded);
    });

    it('lets a newcomer log in with the demo login from the README, and shows what its members watch under "Popüler"', async () => {
      const login = await visitorAgent(sut.baseUrl).post('/api/auth/login').send({ username: DEMO_LOGIN.username, password: DEMO_LOGIN.password });
      const home = await request(sut.baseUrl).get('/api/home');

      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({ username: 'demo', profileName: 'Deniz Aydın', avatarUrl: expect.stringMatching(/^\/media\/.+\.webp$/) });
      expect(home.body.popular[0]).toMatchObject({ slug: 'sahin-yuvasi-karakolu' });
    });

    it("knows only the demo login's password: the other members cannot be logged into with it", async () => {
      const response = await visitorAgent(sut.baseUrl).post('/api/auth/login').send({ username: 'elifkaya', password: DEMO_LOGIN.password });

      expect(response.status).toBe(401);
      expect(response.body.message).toBe(ACCOUNT_MESSAGES.invalidCredentials);
    });
  });

  describe('on a site a member joined first', () => {
    let sut: TestApp;

    beforeAll(async () => {
      sut = await startTestApp({ TRUST_PROXY: 'true' });
      await sut.server.app.get(CatalogImportService).import(readDemoCatalog(new Date()));
    });

    afterAll(() => sut.close());

    it('seeds no community', async () => {
      await registerMember(sut.baseUrl);
      const db = sut.server.app.get(DataSource);
      const before = await rowCounts(db);

      expect(await sut.server.app.get(DemoCommunitySeeder).seedIfFirstStart()).toBe(false);

      expect(await rowCounts(db)).toEqual(before);
    });
  });
});
