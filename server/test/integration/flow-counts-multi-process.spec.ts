import { POST_COUNTS_WINDOW_MS, REACTION_KINDS, rooms, type PollResults, type PostCounts, type ReactionCounts } from '@seyirlik/shared-contracts';
import request from 'supertest';
import { insertPost, insertSignedInMembers, recordPushes, viewerSocket, waitFor, type ClientSocket } from '../factories/posts-counts';
import { startCluster, type ServerProcess } from '../harness/cluster';
import { openCatalogDatabase } from '../support/catalog-database';
import { TEST_REDIS_URL } from '../support/services';
import { uniqueRedisPrefix } from '../support/test-database';

/**
 * Votes and reactions through two server processes on one PostgreSQL and one Redis: the counts stay
 * exact, every viewer on either process ends on the final counts, and a burst is pushed coalesced.
 */
describe('poll and reaction counts across two server processes', () => {
  let catalog: Awaited<ReturnType<typeof openCatalogDatabase>>;
  let processes: [ServerProcess, ServerProcess];
  let authorId: number;
  const sockets: ClientSocket[] = [];

  /** A poll post with three answers, made as the flow makes one; answers the post and its option ids. */
  async function pollPost(): Promise<{ postId: number; options: number[] }> {
    const postId = await insertPost(catalog.dataSource, authorId, 'poll');
    await catalog.dataSource.query("INSERT INTO poll (post_id, question) VALUES ($1, 'Hangisi?')", [postId]);
    const rows = (await catalog.dataSource.query(
      "INSERT INTO poll_option (post_id, position, label) VALUES ($1, 0, 'Bir'), ($1, 1, 'İki'), ($1, 2, 'Üç') RETURNING id",
      [postId],
    )) as Array<{ id: string }>;
    return { postId, options: rows.map((row) => Number(row.id)) };
  }

  /** Two viewers of the post on each process. */
  async function viewers(postId: number): Promise<ClientSocket[]> {
    const joined = await Promise.all([0, 1, 0, 1].map((index) => viewerSocket(processes[index]!.url, rooms.post(postId))));
    sockets.push(...joined);
    return joined;
  }

  const settle = () => new Promise((resolveWait) => setTimeout(resolveWait, POST_COUNTS_WINDOW_MS * 3));

  beforeAll(async () => {
    catalog = await openCatalogDatabase();
    [{ id: authorId }] = await insertSignedInMembers(catalog.dataSource, 1);
    processes = (await startCluster(2, {
      DATABASE_URL: catalog.database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: uniqueRedisPrefix(),
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    })) as [ServerProcess, ServerProcess];
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    const codes = await Promise.all(processes.map((server) => server.stop()));
    await catalog.close();
    expect(codes).toEqual([0, 0]);
  });

  it('keeps 50 concurrent votes over both processes exact, and every viewer ends on the final results', async () => {
    const { postId, options } = await pollPost();
    const watching = await viewers(postId);
    const pushes = watching.map((socket) => recordPushes(socket, 'post.countsChanged'));
    const voters = await insertSignedInMembers(catalog.dataSource, 50);

    const answers = await Promise.all(
      voters.map((voter, index) =>
        request(processes[index % 2]!.url).post(`/api/flow/posts/${postId}/poll/vote`).set('Cookie', voter.cookie).send({ optionId: options[index % 3] }),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const final: PollResults = { postId, options: [{ id: options[0]!, votes: 17 }, { id: options[1]!, votes: 17 }, { id: options[2]!, votes: 16 }], total: 50, version: 50 };
    await Promise.all(pushes.map((seen) => waitFor(() => (seen.at(-1)?.poll ?? seen.at(-1)?.reactions)?.version === 50)));
    await settle();
    for (const seen of pushes) expect(seen.at(-1)?.poll).toEqual(final);
    const [row] = (await catalog.dataSource.query(
      'SELECT total, version, (SELECT count(*)::int FROM poll_vote WHERE post_id = $1) AS votes, (SELECT sum(votes)::int FROM poll_option WHERE post_id = $1) AS counted FROM poll WHERE post_id = $1',
      [postId],
    )) as Array<Record<string, number | string>>;
    expect(row).toEqual({ total: 50, version: '50', votes: 50, counted: 50 });
  });

  it('keeps 50 concurrent reactions over both processes exact, and every viewer ends on the final counts', async () => {
    const postId = await insertPost(catalog.dataSource, authorId);
    const watching = await viewers(postId);
    const pushes = watching.map((socket) => recordPushes(socket, 'post.countsChanged'));
    const reactors = await insertSignedInMembers(catalog.dataSource, 50);

    const answers = await Promise.all(
      reactors.map((reactor, index) =>
        request(processes[index % 2]!.url)
          .put(`/api/flow/posts/${postId}/reaction`)
          .set('Cookie', reactor.cookie)
          .send({ kind: REACTION_KINDS[index % 5] }),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const final: ReactionCounts = { postId, counts: { like: 10, love: 10, haha: 10, wow: 10, sad: 10, angry: 0 }, total: 50, version: 50 };
    await Promise.all(pushes.map((seen) => waitFor(() => (seen.at(-1)?.poll ?? seen.at(-1)?.reactions)?.version === 50)));
    await settle();
    for (const seen of pushes) expect(seen.at(-1)).toEqual<PostCounts>({ postId, poll: null, reactions: final });
    const [row] = (await catalog.dataSource.query(
      'SELECT total, (SELECT count(*)::int FROM flow_reaction WHERE post_id = $1) AS reactions, (SELECT sum(count)::int FROM flow_reaction_count WHERE post_id = $1) AS counted FROM flow_reaction_total WHERE post_id = $1',
      [postId],
    )) as Array<Record<string, number>>;
    expect(row).toEqual({ total: 50, reactions: 50, counted: 50 });
  });

  it('pushes a burst of 200 votes as far fewer than 200 updates to each viewer, the last one final', async () => {
    const { postId, options } = await pollPost();
    const watching = await viewers(postId);
    const pushes = watching.map((socket) => recordPushes(socket, 'post.countsChanged'));
    const voters = await insertSignedInMembers(catalog.dataSource, 200);

    const started = Date.now();
    const answers = await Promise.all(
      voters.map((voter, index) =>
        request(processes[index % 2]!.url).post(`/api/flow/posts/${postId}/poll/vote`).set('Cookie', voter.cookie).send({ optionId: options[index % 2] }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    await Promise.all(pushes.map((seen) => waitFor(() => seen.at(-1)?.poll?.version === 200)));
    await settle();
    // A window's claim ends a little before the window (see CoalescedCounts), so a claim can come every window less 10 ms.
    const windows = Math.ceil((Date.now() - started) / (POST_COUNTS_WINDOW_MS - 10)) + 1;

    const final: PollResults = { postId, options: [{ id: options[0]!, votes: 100 }, { id: options[1]!, votes: 100 }, { id: options[2]!, votes: 0 }], total: 200, version: 200 };
    for (const seen of pushes) {
      expect(seen.length).toBeLessThanOrEqual(windows);
      expect(seen.length).toBeLessThan(50);
      expect(seen.at(-1)?.poll).toEqual(final);
      const versions = seen.map((push) => push.poll!.version);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
    }
  });
});
