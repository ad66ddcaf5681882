import {
  MESSAGES,
  POLL_MESSAGES as M,
  NOTIFICATION_MESSAGES,
  POST_COUNTS_WINDOW_MS,
  REALTIME_MESSAGES,
  rooms,
  SOCKET_PATH,
  type PollView,
} from '@seyirlik/shared-contracts';
import { io } from 'socket.io-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PollsPort } from '../../src/flow/polls';
import { registerMember, visitorAgent } from '../factories/members';
import { insertPost, insertSignedInMembers, recordPushes, viewerSocket, waitFor, type ClientSocket } from '../factories/posts-counts';
import { insertGroup } from '../factories/groups';
import { startTestApp, type TestApp } from '../support/test-app';

type Agent = Awaited<ReturnType<typeof registerMember>>['agent'];

describe('polls', () => {
  let sut: TestApp;
  let db: DataSource;
  let port: PollsPort;
  let author: { agent: Agent; id: number };
  let voter: { agent: Agent; id: number };
  const sockets: ClientSocket[] = [];

  /** Every poll row and count, and the domain events: what a refused request must leave as it was. */
  const snapshot = async () =>
    (
      (await db.query(`SELECT (SELECT count(*) FROM poll)::int AS polls,
                              (SELECT count(*) FROM poll_option)::int AS options,
                              (SELECT count(*) FROM poll_vote)::int AS votes,
                              (SELECT coalesce(sum(votes), 0) FROM poll_option)::int AS option_votes,
                              (SELECT coalesce(sum(total), 0) FROM poll)::int AS totals,
                              (SELECT coalesce(sum(version), 0) FROM poll)::int AS versions,
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

  /** A poll post of `authorId`, made as the flow makes one: the post and its poll in one transaction. */
  async function createPoll(authorId: number, answers = ['Evet', 'Hayır', 'Kararsızım'], closesAt: Date | null = null, groupId: number | null = null): Promise<number> {
    return db.transaction(async (manager) => {
      const [row] = (await manager.query("INSERT INTO flow_post (author_id, group_id, kind, body) VALUES ($1, $2, 'poll', '') RETURNING id", [authorId, groupId])) as Array<{
        id: string;
      }>;
      await port.createIn(manager, row!.id, { question: 'Finali beğendiniz mi?', answers, closesAt });
      return Number(row!.id);
    });
  }

  const pollOf = async (postId: number, viewerId: number | null = null) => (await port.viewsFor([postId], viewerId)).get(String(postId))!;
  const optionIds = async (postId: number) => (await pollOf(postId)).options.map((option) => option.id);
  const vote = (agent: Agent, postId: number, optionId: unknown) => agent.post(`/api/flow/posts/${postId}/poll/vote`).send({ optionId });

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    db = sut.server.app.get(DataSource);
    port = sut.server.app.get(PollsPort);
    author = await member();
    voter = await member();
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await sut.close();
  });

  describe('making a poll with its post (PollsPort.createIn)', () => {
    it('stores the question and the typed answers in order, and reads a page of posts’ polls in one call', async () => {
      const first = await createPoll(author.id, ['  Evet  ', '', 'Hayır', '   ']);
      const second = await createPoll(author.id, ['A', 'B']);
      const plain = await insertPost(db, author.id);

      const views = await port.viewsFor([first, second, plain], author.id);

      expect([...views.keys()].sort()).toEqual([String(first), String(second)].sort());
      expect(views.get(String(first))).toEqual<PollView>({
        postId: first,
        question: 'Finali beğendiniz mi?',
        options: [expect.objectContaining({ label: 'Evet', votes: 0 }), expect.objectContaining({ label: 'Hayır', votes: 0 })],
        total: 0,
        closesAt: null,
        closed: false,
        myOptionId: null,
        version: 0,
      });
    });

    it.each([
      ['one answer', ['Evet'], M.minTwoAnswers],
      ['empty answers', ['', '   ', '\u200B'], M.minTwoAnswers],
      ['no answers', [], M.minTwoAnswers],
      ['the same answer twice', ['Evet', 'Evet'], M.duplicateAnswers],
      ['answers differing in case and spaces', ['Evet', '  EVET '], M.duplicateAnswers],
      ['answers differing in Turkish case', ['İstanbul', 'istanbul'], M.duplicateAnswers],
      ['answers differing in inner spaces', ['Çok  iyi', 'çok iyi'], M.duplicateAnswers],
      ['eleven answers', Array.from({ length: 11 }, (_, index) => `Cevap ${index}`), M.tooManyAnswers],
    ])('refuses %s with a Turkish reason, and the post’s transaction stores nothing', async (_case, answers, message) => {
      const before = await db.query('SELECT (SELECT count(*) FROM flow_post)::int AS posts, (SELECT count(*) FROM poll_option)::int AS options');
      await expect(createPoll(author.id, answers)).rejects.toMatchObject({ response: { message } });
      expect(await db.query('SELECT (SELECT count(*) FROM flow_post)::int AS posts, (SELECT count(*) FROM poll_option)::int AS options')).toEqual(before);
    });

    it('refuses a poll without a question', async () => {
      await expect(
        db.transaction(async (manager) => {
          const [row] = (await manager.query("INSERT INTO flow_post (author_id, kind) VALUES ($1, 'poll') RETURNING id", [author.id])) as Array<{ id: string }>;
          await port.createIn(manager, row!.id, { question: '   ', answers: ['A', 'B'] });
        }),
      ).rejects.toMatchObject({ response: { message: M.questionRequired } });
    });

    it('refuses a closing time in the past', async () => {
      await expect(createPoll(author.id, ['A', 'B'], new Date(Date.now() - 1000))).rejects.toMatchObject({ response: { message: M.closesAtPast } });
    });
  });

  describe('a poll posted through the flow’s legacy /set/flow/post', () => {
    const postPoll = (fields: Record<string, string>) => voter.agent.post('/set/flow/post').type('form').send({ type: 'poll', questOrTitle: 'Hangisi?', ...fields });
    const counts = async () => db.query('SELECT (SELECT count(*) FROM flow_post)::int AS posts, (SELECT count(*) FROM poll)::int AS polls, (SELECT count(*) FROM poll_option)::int AS options');

    it('stores the answers of a questAnswer JSON list as the poll’s options', async () => {
      const response = await postPoll({ questAnswer: '[{"value":"Evet"},{"value":" Hayır "}]' });
      expect(response.body).toMatchObject({ success: true });
      const poll = await pollOf(Number(response.body.id));
      expect(poll.options.map((option) => option.label)).toEqual(['Evet', 'Hayır']);
    });

    it.each([
      ['questAnswer that is not JSON', { questAnswer: '[{"value":"Evet"' }, M.answersNotJson],
      ['questAnswer that is not a list', { questAnswer: '{"value":"Evet"}' }, M.answersNotList],
      ['one answer', { questAnswer: '[{"value":"Evet"}]' }, M.minTwoAnswers],
      ['empty answers', { questAnswer: '[{"value":""},{"value":"  "}]' }, M.minTwoAnswers],
      ['answers differing in case and spaces', { questAnswer: '[{"value":"Evet"},{"value":"  EVET"}]' }, M.duplicateAnswers],
      ['no question', { questOrTitle: ' ', questAnswer: '[{"value":"A"},{"value":"B"}]' }, M.questionRequired],
    ])('refuses %s with a Turkish reason, and stores nothing', async (_case, fields, message) => {
      const before = await counts();
      const response = await postPoll(fields);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, message });
      expect(await counts()).toEqual(before);
    });
  });

  describe('JSON API', () => {
    it.each([
      ['post', '/api/flow/posts/1/poll/vote'],
      ['post', '/api/flow/posts/999999/poll/vote'],
    ] as const)('requires authentication: %s %s answers a visitor 401 and changes nothing', async (method, path) => {
      const response = await refused(() => visitorAgent(sut.baseUrl)[method](path).send({ optionId: 1 }));
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, message: MESSAGES.loginRequired });
    });

    it('shows a visitor the poll without a vote of theirs, and a member their own vote', async () => {
      const postId = await createPoll(author.id);
      const [yes] = await optionIds(postId);
      await vote(voter.agent, postId, yes);

      const seenByVisitor = await visitorAgent(sut.baseUrl).get(`/api/flow/posts/${postId}/poll`);
      const seenByVoter = await voter.agent.get(`/api/flow/posts/${postId}/poll`);

      expect(seenByVisitor.status).toBe(200);
      expect(seenByVisitor.body).toMatchObject({ postId, total: 1, myOptionId: null });
      expect(seenByVoter.body).toMatchObject({ postId, total: 1, myOptionId: yes });
    });

    it('counts one vote per member and moves it when the member changes it, the version going up each time', async () => {
      const postId = await createPoll(author.id);
      const [yes, no] = await optionIds(postId);

      const first = await vote(voter.agent, postId, yes);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ total: 1, myOptionId: yes, version: 1 });
      expect(first.body.options.map((option: { votes: number }) => option.votes)).toEqual([1, 0, 0]);

      const changed = await vote(voter.agent, postId, no);
      expect(changed.body).toMatchObject({ total: 1, myOptionId: no, version: 2 });
      expect(changed.body.options.map((option: { votes: number }) => option.votes)).toEqual([0, 1, 0]);

      const again = await vote(voter.agent, postId, String(no));
      expect(again.body).toMatchObject({ total: 1, myOptionId: no, version: 2 });
      expect(await db.query('SELECT count(*)::int AS votes FROM poll_vote WHERE post_id = $1', [postId])).toEqual([{ votes: 1 }]);
    });

    it('refuses a vote for an option of another poll, and changes nothing', async () => {
      const postId = await createPoll(author.id);
      const [otherOption] = await optionIds(await createPoll(author.id));

      const response = await refused(() => vote(voter.agent, postId, otherOption));

      expect(response.status).toBe(400);
      expect(response.body.message).toBe(M.optionNotInPoll);
    });

    it.each([
      ['no option', undefined, M.optionRequired],
      ['an empty option', '', M.optionRequired],
      ['an option that is not a number', 'evet', M.optionRequired],
      ['an option as a list', [1], M.optionRequired],
      ['a negative option', -4, M.optionRequired],
    ])('refuses %s with a Turkish reason, and changes nothing', async (_case, optionId, message) => {
      const postId = await createPoll(author.id);
      const response = await refused(() => vote(voter.agent, postId, optionId));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    });

    it('refuses a vote on a closed poll, a first one or a change, and changes nothing', async () => {
      const postId = await createPoll(author.id, ['A', 'B'], new Date(Date.now() + 60_000));
      const [a, b] = await optionIds(postId);
      await vote(voter.agent, postId, a);
      await db.query("UPDATE poll SET closes_at = now() - interval '1 second' WHERE post_id = $1", [postId]);

      const changed = await refused(() => vote(voter.agent, postId, b));
      const first = await refused(() => vote(author.agent, postId, b));

      expect([changed.status, first.status]).toEqual([409, 409]);
      expect([changed.body.message, first.body.message]).toEqual([M.pollClosed, M.pollClosed]);
      expect(await pollOf(postId, voter.id)).toMatchObject({ closed: true, total: 1, myOptionId: a });
    });

    it('answers 404 for a post without a poll', async () => {
      const plain = await insertPost(db, author.id);
      const response = await refused(() => vote(voter.agent, plain, 1));
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(M.pollNotFound);
      expect((await visitorAgent(sut.baseUrl).get(`/api/flow/posts/${plain}/poll`)).status).toBe(404);
    });

    it('keeps a member to one vote when their votes race, and the counts exact', async () => {
      const postId = await createPoll(author.id);
      const options = await optionIds(postId);

      const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => vote(voter.agent, postId, options[index % 3])));

      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const [row] = (await db.query(
        `SELECT p.total, (SELECT sum(votes)::int FROM poll_option WHERE post_id = $1) AS option_votes,
                (SELECT count(*)::int FROM poll_vote WHERE post_id = $1) AS votes,
                (SELECT o.votes FROM poll_vote v JOIN poll_option o ON o.id = v.option_id WHERE v.post_id = $1) AS chosen_votes
           FROM poll p WHERE p.post_id = $1`,
        [postId],
      )) as Array<Record<string, number>>;
      expect(row).toEqual({ total: 1, option_votes: 1, votes: 1, chosen_votes: 1 });
    });

    it('keeps the counts exact under 30 members voting at once', async () => {
      const postId = await createPoll(author.id);
      const options = await optionIds(postId);
      const members = await insertSignedInMembers(db, 30);

      const answers = await Promise.all(
        members.map((each, index) => request(sut.baseUrl).post(`/api/flow/posts/${postId}/poll/vote`).set('Cookie', each.cookie).send({ optionId: options[index % 3] })),
      );

      expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
      expect(await pollOf(postId)).toMatchObject({ total: 30, version: 30 });
      expect((await pollOf(postId)).options.map((option) => option.votes)).toEqual([10, 10, 10]);
    });
  });

  describe('legacy calls', () => {
    it.each(['/flow/set/poll/vote', '/set/poll/vote'])('%s answers a visitor the session flag and changes nothing', async (path) => {
      const response = await refused(() => visitorAgent(sut.baseUrl).post(path).type('form').send({ value: 1, post_id: 1, poll_id: 1 }));
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: false, session: true });
    });

    it('/flow/set/poll/vote votes and answers the results in place of the form, without a vote button', async () => {
      const postId = await createPoll(author.id, ['<b>Evet</b>', 'Hayır']);
      const [yes] = await optionIds(postId);

      const response = await voter.agent.post('/flow/set/poll/vote').type('form').send({ value: String(yes), post_id: String(postId), poll_id: String(postId), group_id: '' });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: true, message: M.voted });
      expect(response.body.theme).toContain('poll__results');
      expect(response.body.theme).toContain('&lt;b&gt;Evet&lt;/b&gt;');
      expect(response.body.theme).not.toContain('<form');
      expect(response.body.theme).not.toContain('class="poll__vote"');
      expect(response.body.theme).not.toContain(M.showResults);
      expect(response.body.theme).toContain(M.yourVote);
    });

    it('renders the vote form with a footer button for the results before the member voted', async () => {
      const { PollBlock } = await import('../../src/flow/polls');
      const { renderToStaticMarkup } = await import('react-dom/server');
      const { createElement } = await import('react');
      const html = renderToStaticMarkup(createElement(PollBlock, { poll: await pollOf(await createPoll(author.id), voter.id) }));
      expect(html).toContain('<form');
      expect(html).toContain(M.vote);
      expect(html).toContain(M.showResults);
    });

    it('/set/poll/vote takes poll_id alone, and refuses a group the post is not in', async () => {
      const [group, otherGroup] = [await insertGroup(db, author.id), await insertGroup(db, author.id)];
      const postId = await createPoll(author.id, ['A', 'B'], null, group);
      const [a] = await optionIds(postId);

      const wrongGroup = await refused(() => voter.agent.post('/set/poll/vote').type('form').send({ value: a, poll_id: postId, group_id: otherGroup }));
      const mismatched = await refused(() => voter.agent.post('/set/poll/vote').type('form').send({ value: a, poll_id: postId, post_id: postId + 1, group_id: group }));
      const right = await voter.agent.post('/set/poll/vote').type('form').send({ value: a, poll_id: postId, group_id: group });

      expect(wrongGroup.body).toMatchObject({ success: false, message: M.pollNotFound });
      expect(mismatched.body).toMatchObject({ success: false, message: M.pollNotFound });
      expect(right.body).toMatchObject({ success: true });
      expect(await pollOf(postId)).toMatchObject({ total: 1 });
    });

    it.each([
      ['no option', { post_id: 1 }, M.optionRequired],
      ['no post', { value: 1 }, M.postIdInvalid],
      ['a post that is not a number', { value: 1, post_id: 'abc' }, M.postIdInvalid],
    ])('refuses %s with a Turkish reason and changes nothing', async (_case, body, message) => {
      const response = await refused(() => voter.agent.post('/flow/set/poll/vote').type('form').send(body));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, message });
    });

    it('refuses a legacy vote for another poll’s option and on a closed poll', async () => {
      const postId = await createPoll(author.id);
      const [otherOption] = await optionIds(await createPoll(author.id));
      const foreign = await refused(() => voter.agent.post('/flow/set/poll/vote').type('form').send({ value: otherOption, post_id: postId }));
      await db.query("UPDATE poll SET closes_at = now() - interval '1 second' WHERE post_id = $1", [postId]);
      const [own] = await optionIds(postId);
      const closed = await refused(() => voter.agent.post('/flow/set/poll/vote').type('form').send({ value: own, post_id: postId }));

      expect(foreign.body).toMatchObject({ success: false, message: M.optionNotInPoll });
      expect(closed.body).toMatchObject({ success: false, message: M.pollClosed });
    });
  });

  describe('live results', () => {
    it('opens a post’s channel to visitors, and refuses a post that does not exist', async () => {
      const postId = await createPoll(author.id);
      sockets.push(await viewerSocket(sut.baseUrl, rooms.post(postId)));
      const socket = io(sut.baseUrl, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false });
      sockets.push(socket as ClientSocket);
      await new Promise((resolveConnect) => socket.once('connect', () => resolveConnect(undefined)));
      expect(await socket.timeout(5000).emitWithAck('room.join', { room: rooms.post(987654321) })).toEqual({ ok: false, message: REALTIME_MESSAGES.roomRefused });
    });

    it('pushes a burst of votes to the post’s viewers in a few coalesced pushes, the last one final', async () => {
      const postId = await createPoll(author.id);
      const options = await optionIds(postId);
      const viewer = await viewerSocket(sut.baseUrl, rooms.post(postId));
      sockets.push(viewer);
      const pushes = recordPushes(viewer, 'post.countsChanged');
      const members = await insertSignedInMembers(db, 20);

      const started = Date.now();
      await Promise.all(
        members.map((each, index) => request(sut.baseUrl).post(`/api/flow/posts/${postId}/poll/vote`).set('Cookie', each.cookie).send({ optionId: options[index % 2] })),
      );
      const final = await waitFor(() => pushes.find((push) => push.poll?.total === 20));

      expect(final.poll).toEqual({ postId, options: [{ id: options[0], votes: 10 }, { id: options[1], votes: 10 }, { id: options[2], votes: 0 }], total: 20, version: 20 });
      expect(final.reactions).toMatchObject({ postId, total: 0 });
      await new Promise((resolveWait) => setTimeout(resolveWait, POST_COUNTS_WINDOW_MS * 2));
      const elapsed = Date.now() - started;
      expect(pushes.length).toBeLessThanOrEqual(Math.ceil(elapsed / (POST_COUNTS_WINDOW_MS - 10)) + 1);
      expect(pushes.length).toBeLessThan(20);
      expect(pushes.at(-1)).toEqual(final);
    });
  });

  describe('notifications', () => {
    it('tells the poll’s author of votes, grouped in one notification naming the newest voter; a changed vote or the author’s own tells nothing more', async () => {
      const owner = await member();
      const postId = await createPoll(owner.id);
      const [a, b] = await optionIds(postId);
      const second = await member();
      const [{ profile_name: secondName }] = (await db.query('SELECT profile_name FROM app_user WHERE id = $1', [second.id])) as Array<{ profile_name: string }>;

      await vote(voter.agent, postId, a);
      await vote(owner.agent, postId, a);
      await vote(second.agent, postId, b);
      await vote(voter.agent, postId, b);

      const rows = await waitFor(async () => {
        const found = (await db.query("SELECT kind, text, actor_count, group_key FROM notification WHERE user_id = $1 AND kind = 'poll.vote'", [owner.id])) as Array<{
          actor_count: number;
        }>;
        return found.length === 1 && found[0]!.actor_count === 3 ? found : null;
      });
      expect(rows).toEqual([{ kind: 'poll.vote', text: NOTIFICATION_MESSAGES.pollVoted(secondName, 2), actor_count: 3, group_key: `poll.vote:${postId}` }]);
    });
  });
});
