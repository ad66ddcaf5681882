import { COMMENT_MESSAGES, MESSAGES, SEED_LEGACY_CALLS, LEGACY_PATHS_BEYOND_SEED, type SeedLegacyCall } from '@seyirlik/shared-contracts';
import request from 'supertest';
import { z } from 'zod';
import { LegacyCallRegistry, type RegisteredLegacyCall } from '../../src/platform/http/legacy-call.registry';
import { registerMember } from '../factories/members';
import { startTestApp, type TestApp } from '../support/test-app';

/** A call as one key: `ajax:get_chat`, `path:/set/action#comment`. */
const keyOf = (call: SeedLegacyCall | RegisteredLegacyCall) => `${call.surface}:${call.call}${call.branch ? `#${call.branch}` : ''}`;

describe('legacy calls', () => {
  let sut: TestApp;
  let registry: LegacyCallRegistry;
  /** What the features registered, read before the tests below add calls of their own. */
  let registered: Set<string>;
  const handled: string[] = [];

  beforeAll(async () => {
    sut = await startTestApp();
    registry = sut.server.app.get(LegacyCallRegistry);
    registered = new Set(registry.calls().map(keyOf));
    // A branch of a shared path the way a later feature adds its own, and a members-only type.
    registry.register({
      path: '/set/action',
      branch: { name: 'testReaction', field: 'type', values: ['reactionForTest'] },
      login: false,
      schema: z.looseObject({ post_id: z.string() }),
      handle: async ({ post_id }) => {
        handled.push(`reaction ${post_id}`);
        return { reacted: post_id };
      },
    });
    registry.register({
      type: 'membersOnlyForTest',
      login: true,
      schema: z.looseObject({}).refine(() => handled.push('parsed') > 0),
      handle: async (_input, { viewer }) => {
        handled.push('membersOnly');
        return { username: viewer.user.username };
      },
    });
  });

  afterAll(() => sut.close());
  beforeEach(() => handled.splice(0));

  describe('coverage of the seed’s §7', () => {
    it('registers every seed call not listed as built later', () => {
      const missing = SEED_LEGACY_CALLS.filter((call) => call.later === undefined && !registered.has(keyOf(call))).map(keyOf);

      expect(missing).toEqual([]);
    });

    it('lists as later only calls that are not registered yet', () => {
      const built = SEED_LEGACY_CALLS.filter((call) => call.later !== undefined && registered.has(keyOf(call))).map(keyOf);

      expect(built).toEqual([]);
    });

    it('registers no call the seed’s table does not name, beyond the listed extra paths', () => {
      const known = new Set([...SEED_LEGACY_CALLS.map(keyOf), ...LEGACY_PATHS_BEYOND_SEED.map((path) => `path:${path}`)]);

      expect([...registered].filter((call) => !known.has(call))).toEqual([]);
    });

    it('serves every call of the seed: none is left to build', () => {
      expect(SEED_LEGACY_CALLS.filter((call) => call.later !== undefined).map(keyOf)).toEqual([]);
    });
  });

  describe('dispatch', () => {
    it('sends a shared path’s call to the branch its field selects', async () => {
      const reaction = await request(sut.baseUrl).post('/set/action').type('form').send({ type: 'reactionForTest', post_id: '7' });
      const comment = await request(sut.baseUrl).post('/set/action').type('form').send({ type: 2, series_id: 1, post_id: 7 });

      expect(reaction.body).toEqual({ success: true, reacted: '7' });
      expect(comment.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      expect(handled).toEqual(['reaction 7']);
    });

    it('answers a value no branch claims with the branch that answers the rest, whose schema refuses it', async () => {
      const { agent } = await registerMember(sut.baseUrl);

      const response = await agent.post('/set/action').type('form').send({ type: 'bilinmeyen', series_id: 1, post_id: 7 });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: true, message: COMMENT_MESSAGES.typeInvalid });
      expect(handled).toEqual([]);
    });

    it('selects by the path’s segment where the path names its field, and answers 404 for a value no branch claims', async () => {
      const comment = await request(sut.baseUrl).post('/comment/delete/post').type('form').send({ id: 1 });
      const group = await request(sut.baseUrl).post('/group/delete/post').type('form').send({ id: 1 });
      const discussion = await request(sut.baseUrl).post('/discussion/delete/post').type('form').send({ id: 1 });
      const unclaimed = await request(sut.baseUrl).post('/poll/delete/post').type('form').send({ id: 1 });

      expect(comment.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      expect(group.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      expect(discussion.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      expect(unclaimed.status).toBe(404);
      expect(unclaimed.body).toEqual({ success: false, error: true, message: MESSAGES.notFound });
    });

    it('answers a path no feature serves with the legacy 404, whatever its body', async () => {
      const unknown = await request(sut.baseUrl).post('/no/such/path').type('form').send({ title: 'x' });

      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ success: false, error: true, message: MESSAGES.notFound });
    });
  });

  describe('login required', () => {
    it('answers a visitor the session flag before the body is read, and runs nothing', async () => {
      const response = await request(sut.baseUrl).post('/ajax/service').type('form').send({ type: 'membersOnlyForTest' });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      expect(handled).toEqual([]);
    });

    it('gives a member’s call the member, and adds the envelope', async () => {
      const { agent, member } = await registerMember(sut.baseUrl);

      const response = await agent.post('/ajax/service').type('form').send({ type: 'membersOnlyForTest' });

      expect(response.body).toEqual({ success: true, username: member.username });
      expect(handled).toEqual(['parsed', 'membersOnly']);
    });
  });

  describe('registration', () => {
    const call = { login: false as const, schema: z.unknown(), handle: async () => ({}) };

    it('refuses a path that is not routed, a type or a path registered twice, and overlapping branches', () => {
      expect(() => registry.register({ ...call, path: '/not/in/the/seed' })).toThrow(/not routed/);
      expect(() => registry.register({ ...call, type: 'get_chat' })).toThrow(/twice/);
      expect(() => registry.register({ ...call, path: '/add/comment' })).toThrow(/overlaps/);
      expect(() =>
        registry.register({ ...call, path: '/set/action', branch: { name: 'again', field: 'type', values: ['1'] } }),
      ).toThrow(/overlaps/);
      expect(() =>
        registry.register({ ...call, path: '/set/report', branch: { name: 'rest', field: 'type', values: ['x'], answersUnclaimed: true } }),
      ).toThrow(/overlaps/);
    });
  });
});
