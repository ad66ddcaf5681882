import { MESSAGES, NOTIFICATION_MESSAGES, POST_COUNTS_WINDOW_MS, REACTION_MESSAGES as M, REACTION_NAMES, rooms, type ReactionSummary } from '@seyirlik/shared-contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ReactionsPort } from '../../src/flow/reactions';
import { registerMember, visitorAgent } from '../factories/members';
import { insertPost, insertSignedInMembers, recordPushes, viewerSocket, waitFor, type ClientSocket } from '../factories/posts-counts';
import { startTestApp, type TestApp } from '../support/test-app';

type Agent = Awaited<ReturnType<typeof registerMember>>['agent'];

const noCounts = { like: 0, love: 0, haha: 0, wow: 0, sad: 0, angry: 0 };

describe('reactions', () => {
  let sut: TestApp;
  let db: DataSource;
  let port: ReactionsPort;
  let author: { agent: Agent; id: number };
  let reactor: { agent: Agent; id: number };
  const sockets: ClientSocket[] = [];

  /** Every reaction row and count, and the domain events: what a refused request must leave as it was. */
  const snapshot = async () =>
    (
      (await db.query(`SELECT (SELECT count(*) FROM flow_reaction)::int AS reactions,
                              (SELECT coalesce(sum(count), 0) FROM flow_reaction_count)::int AS counted,
                              (SELECT coalesce(sum(total), 0) FROM flow_reaction_total)::int AS totals,
                              (SELECT coalesce(sum(version), 0) FROM flow_reaction_total)::int AS versions,
                              (SELECT count(*) FROM outbox_message)::int AS events`)) as unknown[]
    )[0];

  async function refused(send: () => Promise<request.Response>) {
    const before = await snapshot();
    const response = await send();
    expect(await snapshot()).toEqual(before);
    return response;
  }

  async function member() {
    const { agent, member: input } = await registerMember(sut.baseUrl);
    const [{ id }] = (await db.query('SELECT id FROM app_user WHERE username = $1', [input.username])) as Array<{ id: number }>;
    return { agent, id };
  }

  const react = (agent: Agent, postId: number, kind: unknown) => agent.put(`/api/flow/posts/${postId}/reaction`).send({ kind });
  const legacyAction = (agent: Agent, body: Record<string, unknown>) => agent.post('/set/action').type('form').send(body);

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    db = sut.server.app.get(DataSource);
    port = sut.server.app.get(ReactionsPort);
    author = await member();
    reactor = await member();
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await sut.close();
  });

  describe('ReactionsPort.summariesFor', () => {
    it('reads a page of posts’ reactions with the viewer’s own, zeros for posts nobody reacted to, and leaves out missing posts', async () => {
      const first = await insertPost(db, author.id);
      const second = await insertPost(db, author.id);
      await react(reactor.agent, first, 'love');

      const summaries = await port.summariesFor([first, second, 987654321], reactor.id);

      expect([...summaries.keys()].sort()).toEqual([String(first), String(second)].sort());
      expect(summaries.get(String(first))).toEqual<ReactionSummary>({ counts: { ...noCounts, love: 1 }, total: 1, mine: 'love', version: 1 });
      expect(summaries.get(String(second))).toEqual<ReactionSummary>({ counts: noCounts, total: 0, mine: null, version: 0 });
      expect((await port.summariesFor([first], null)).get(String(first))!.mine).toBeNull();
    });
  });

  describe('JSON API', () => {
    it.each([
      ['put', '/api/flow/posts/1/reaction'],
      ['delete', '/api/flow/posts/1/reaction'],
    ] as const)('requires authentication: %s %s answers a visitor 401 and changes nothing', async (method, path) => {
      const response = await refused(() => visitorAgent(sut.baseUrl)[method](path).send({ kind: 'like' }));
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, message: MESSAGES.loginRequired });
    });

    it('keeps one reaction per member: sets it, changes it, removes it, with exact counts and a rising version', async () => {
      const postId = await insertPost(db, author.id);

      const set = await react(reactor.agent, postId, 'like');
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ counts: { ...noCounts, like: 1 }, total: 1, mine: 'like', version: 1 });

      const same = await react(reactor.agent, postId, 'like');
      expect(same.body).toEqual({ counts: { ...noCounts, like: 1 }, total: 1, mine: 'like', version: 1 });

      const changed = await react(reactor.agent, postId, 'haha');
      expect(changed.body).toEqual({ counts: { ...noCounts, haha: 1 }, total: 1, mine: 'haha', version: 2 });

      await react(author.agent, postId, 'haha');
      const removed = await reactor.agent.delete(`/api/flow/posts/${postId}/reaction`);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ counts: { ...noCounts, haha: 1 }, total: 1, mine: null, version: 4 });

      const removedAgain = await reactor.agent.delete(`/api/flow/posts/${postId}/reaction`);
      expect(removedAgain.body).toMatchObject({ total: 1, version: 4 });
      expect((await visitorAgent(sut.baseUrl).get(`/api/flow/posts/${postId}/reactions`)).body).toEqual({ counts: { ...noCounts, haha: 1 }, total: 1, mine: null, version: 4 });
    });

    it.each([
      ['an unknown reaction type', 'clap'],
      ['no reaction type', undefined],
      ['a reaction type as a list', ['like']],
      ['a reaction type in capitals', 'LIKE'],
    ])('refuses %s with a Turkish reason, and changes nothing', async (_case, kind) => {
      const postId = await insertPost(db, author.id);
      const response = await refused(() => react(reactor.agent, postId, kind));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(M.kindInvalid);
    });

    it('answers 404 for a post that does not exist, and a malformed post id 400', async () => {
      const missing = await refused(() => react(reactor.agent, 987654321, 'like'));
      const malformed = await refused(() => react(reactor.agent, 'abc' as unknown as number, 'like'));
      expect([missing.status, missing.body.message]).toEqual([404, M.postNotFound]);
      expect([malformed.status, malformed.body.message]).toEqual([400, M.postIdInvalid]);
    });

    it('keeps the counts exact under 30 members reacting at once, and under one member’s racing changes', async () => {
      const postId = await insertPost(db, author.id);
      const members = await insertSignedInMembers(db, 30);
      const kinds = ['like', 'love', 'wow'];

      const answers = await Promise.all(
        members.map((each, index) => request(sut.baseUrl).put(`/api/flow/posts/${postId}/reaction`).set('Cookie', each.cookie).send({ kind: kinds[index % 3] })),
      );
      const racing = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          index % 4 === 3
            ? request(sut.baseUrl).delete(`/api/flow/posts/${postId}/reaction`).set('Cookie', members[0]!.cookie)
            : request(sut.baseUrl).put(`/api/flow/posts/${postId}/reaction`).set('Cookie', members[0]!.cookie).send({ kind: kinds[index % 3] }),
        ),
      );

      expect([...answers, ...racing].every((answer) => answer.status === 200)).toBe(true);
      const [row] = (await db.query(
        `SELECT t.total, (SELECT sum(count)::int FROM flow_reaction_count WHERE post_id = $1) AS counted,
                (SELECT count(*)::int FROM flow_reaction WHERE post_id = $1) AS reactions,
                (SELECT json_object_agg(kind, n) FROM (SELECT kind, count(*)::int AS n FROM flow_reaction WHERE post_id = $1 GROUP BY kind) k) AS by_kind,
                (SELECT json_object_agg(kind, count) FROM flow_reaction_count WHERE post_id = $1 AND count > 0) AS stored_by_kind
           FROM flow_reaction_total t WHERE t.post_id = $1`,
        [postId],
      )) as Array<{ total: number; counted: number; reactions: number; by_kind: unknown; stored_by_kind: unknown }>;
      expect(row!.total).toBe(row!.reactions);
      expect(row!.counted).toBe(row!.reactions);
      expect(row!.stored_by_kind).toEqual(row!.by_kind);
      expect([29, 30]).toContain(row!.reactions);
    });
  });

  describe('legacy /set/action, the flow’s branch', () => {
    it('answers a visitor the session flag and changes nothing', async () => {
      const response = await refused(() => visitorAgent(sut.baseUrl).post('/set/action').type('form').send({ type: 'flow', post_id: 1, action: 'like', status: 1 }));
      expect(response.body).toMatchObject({ success: false, session: true });
    });

    it('sets a reaction: the control becomes the delete control, with the count and the new icon', async () => {
      const postId = await insertPost(db, author.id);

      const response = await legacyAction(reactor.agent, { type: 'flow', post_id: postId, action: 'love', status: 1 });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: true, status: 1, action: 'love', name: REACTION_NAMES.love, count: 1, total: 1, version: 1 });
      expect(response.body.button).toContain('data-action="delete-action"');
      expect(response.body.button).not.toContain('data-action="set-action"');
      expect(response.body.button).toContain('data-kind="love"');
      expect(response.body.button).toContain('reactions__number">1<');
    });

    it('takes a reaction back with status 0: the control offers every reaction again', async () => {
      const postId = await insertPost(db, author.id);
      await legacyAction(reactor.agent, { type: 'group', post_id: postId, action: 'sad' });

      const response = await legacyAction(reactor.agent, { type: 'group', post_id: postId, action: 'sad', status: 0 });

      expect(response.body).toMatchObject({ success: true, status: 0, action: 'sad', name: REACTION_NAMES.sad, count: 0, total: 0, version: 2 });
      expect(response.body.button).toContain('data-action="set-action"');
      expect(response.body.button).not.toContain('data-action="delete-action"');
    });

    it.each([
      ['an unknown reaction type', { action: 'clap' }, M.kindInvalid],
      ['no reaction type', { action: '' }, M.kindInvalid],
      ['a bad status', { action: 'like', status: 'belki' }, M.statusInvalid],
      ['no post', { action: 'like', post_id: '' }, M.postIdInvalid],
    ])('refuses %s with a Turkish reason and changes nothing', async (_case, fields, message) => {
      const postId = await insertPost(db, author.id);
      const response = await refused(() => legacyAction(reactor.agent, { type: 'flow', post_id: postId, ...fields }));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, message });
    });

    it('leaves the comments’ branch of /set/action to the comments', async () => {
      const response = await refused(() => legacyAction(reactor.agent, { type: 1, series_id: 1, post_id: 1 }));
      expect(response.body.success).toBe(false);
      expect(response.body.message).not.toBe(M.kindInvalid);
    });
  });

  describe('live counts', () => {
    it('pushes a burst of reactions to the post’s viewers in a few coalesced pushes, the last one final', async () => {
      const postId = await insertPost(db, author.id);
      const viewer = await viewerSocket(sut.baseUrl, rooms.post(postId));
      sockets.push(viewer);
      const pushes = recordPushes(viewer, 'post.countsChanged');
      const members = await insertSignedInMembers(db, 20);

      const started = Date.now();
      await Promise.all(
        members.map((each, index) =>
          request(sut.baseUrl)
            .put(`/api/flow/posts/${postId}/reaction`)
            .set('Cookie', each.cookie)
            .send({ kind: index % 2 ? 'like' : 'angry' }),
        ),
      );
      const final = await waitFor(() => pushes.find((push) => push.reactions?.total === 20));

      expect(final).toEqual({ postId, poll: null, reactions: { postId, counts: { ...noCounts, like: 10, angry: 10 }, total: 20, version: 20 } });
      await new Promise((resolveWait) => setTimeout(resolveWait, POST_COUNTS_WINDOW_MS * 2));
      expect(pushes.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / (POST_COUNTS_WINDOW_MS - 10)) + 1);
      expect(pushes.length).toBeLessThan(20);
      expect(pushes.at(-1)).toEqual(final);
    });
  });

  describe('notifications', () => {
    it('tells the post’s author of reactions, grouped in one notification naming the newest; a change, a removal or the author’s own tells nothing more', async () => {
      const owner = await member();
      const postId = await insertPost(db, owner.id);
      const second = await member();
      const [{ profile_name: secondName }] = (await db.query('SELECT profile_name FROM app_user WHERE id = $1', [second.id])) as Array<{ profile_name: string }>;

      await react(reactor.agent, postId, 'like');
      await react(owner.agent, postId, 'love');
      await react(second.agent, postId, 'wow');
      await react(reactor.agent, postId, 'sad');

      const rows = await waitFor(async () => {
        const found = (await db.query("SELECT kind, text, actor_count, group_key FROM notification WHERE user_id = $1 AND kind = 'flow.reaction'", [owner.id])) as Array<{
          actor_count: number;
        }>;
        return found.length === 1 && found[0]!.actor_count === 3 ? found : null;
      });
      expect(rows).toEqual([{ kind: 'flow.reaction', text: NOTIFICATION_MESSAGES.flowReacted(secondName, 2), actor_count: 3, group_key: `flow.reaction:${postId}` }]);
    });
  });
});
