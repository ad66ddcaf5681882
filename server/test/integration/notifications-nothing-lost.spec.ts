import { COMMENT_RULES, streams } from '@seyirlik/shared-contracts';
import { nextSequenceCte } from '../../src/platform/database/stream-sequence.repository';
import { importRoomCatalog, signedInMember, type SignedInMember } from '../factories/rooms';
import { expectUnpushedItemFound, runChaos, type ChaosFault } from '../harness/nothing-lost';
import { startCluster, type ServerProcess } from '../harness/cluster';
import { eventually } from '../harness/room-client';
import { seededRandom } from '../harness/seeded-random';
import { notificationStreamClient, type NotificationStreamClient } from '../harness/stream-client';
import { openCatalogDatabase } from '../support/catalog-database';
import { DisposableRedis } from '../support/redis-server';

type ActionStep = { at: number; kind: 'like' | 'reply'; actor: number; comment: number; via: number };
type ChaosStep = ActionStep | ChaosFault;

const CHAOS_MS = 12_000;
const ACTORS = 4;
const COMMENTS = 6;
const DROPS = 8;
/** Replies each actor sends in the run: within the comment send limit, whichever process counts them. */
const REPLIES_PER_ACTOR = Math.min(5, COMMENT_RULES.sendRateLimit.points - 1);

/**
 * The run's schedule: every actor likes each of the member's comments once (grouped likes that
 * grow and are renumbered) and replies a few times (notifications of their own), through either
 * process; sockets dropped at random; two Redis outages, the last one ending the run.
 */
function chaosPlan(random: () => number, clients: number): ChaosStep[] {
  const pick = (count: number) => Math.floor(random() * count);
  const at = () => Math.floor(random() * CHAOS_MS);
  const steps: ChaosStep[] = [];
  for (let actor = 0; actor < ACTORS; actor += 1) {
    for (let comment = 0; comment < COMMENTS; comment += 1) steps.push({ at: at(), kind: 'like', actor, comment, via: pick(2) });
    for (let reply = 0; reply < REPLIES_PER_ACTOR; reply += 1) steps.push({ at: at(), kind: 'reply', actor, comment: pick(COMMENTS), via: pick(2) });
  }
  for (let index = 0; index < DROPS; index += 1) steps.push({ at: at(), kind: 'drop', client: pick(clients) });
  const firstDown = 1_000 + Math.floor(random() * 3_000);
  const lastDown = CHAOS_MS - 2_300 + Math.floor(random() * 1_000);
  for (const [down, up] of [[firstDown, firstDown + 800 + Math.floor(random() * 1_500)], [lastDown, CHAOS_MS]]) {
    steps.push({ at: down, kind: 'redis-down' }, { at: up, kind: 'redis-up' });
  }
  // Something is made while Redis is away at the end, whatever else the draw gave: an extra reply.
  steps.push({ at: lastDown + 300, kind: 'reply', actor: pick(ACTORS), comment: pick(COMMENTS), via: pick(2) });
  return steps.sort((a, b) => a.at - b.at);
}

describe('no notification is lost or shown twice', () => {
  const seed = Number(process.env.NOTIFICATIONS_PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));
  let catalog: Awaited<ReturnType<typeof openCatalogDatabase>>;
  let redis: DisposableRedis;
  let cluster: ServerProcess[];
  let member: SignedInMember;
  let actors: SignedInMember[];
  let episodeId: number;
  let commentIds: number[];
  const clients: NotificationStreamClient[] = [];

  const post = (server: ServerProcess, by: SignedInMember, path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { Cookie: by.cookie, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  /** The member's notifications as stored: what every tab must end up showing, newest first. */
  const stored = async () =>
    (await catalog.dataSource.query('SELECT id::int, seq::int, text FROM notification WHERE user_id = $1 ORDER BY seq DESC', [member.userId])) as Array<{
      id: number;
      seq: number;
      text: string;
    }>;

  beforeAll(async () => {
    catalog = await openCatalogDatabase();
    ({ aired: [episodeId] } = await importRoomCatalog(catalog.dataSource));
    redis = await DisposableRedis.start();
    cluster = await startCluster(2, { DATABASE_URL: catalog.database.url, REDIS_URL: redis.url, TRUST_PROXY: 'true', LOG_LEVEL: 'error' });
    // Badge notices (a first comment, reply or like earns one) are muted: this test counts replies and likes.
    member = await signedInMember(cluster[0]!.url, { muted: ['badge'] });
    actors = await Promise.all(Array.from({ length: ACTORS }, (_unused, index) => signedInMember(cluster[index % 2]!.url, { muted: ['badge'] })));
    commentIds = [];
    for (let index = 0; index < COMMENTS; index += 1) {
      const response = await post(cluster[index % 2]!, member, `/api/episodes/${episodeId}/comments`, { text: `Yorum ${index + 1}` });
      commentIds.push(((await response.json()) as { id: number }).id);
    }
  });

  afterAll(async () => {
    clients.forEach((client) => client.stop());
    await Promise.all((cluster ?? []).map((server) => server.stop()));
    await redis?.stop();
    await catalog?.close();
  });

  it('gives every tab of the member exactly the stored notifications while Redis restarts and sockets drop on two processes', async () => {
    const random = seededRandom(seed);
    // Three tabs of the member, over both processes.
    for (let index = 0; index < 3; index += 1) {
      const server = cluster[index % 2]!;
      clients.push(notificationStreamClient({ url: () => server.url, cookie: member.cookie, userId: member.userId, pollIntervalMs: 300 }));
    }
    await eventually(() => clients.every((client) => client.live), Boolean);

    const plan = chaosPlan(random, clients.length);
    let replies = 0;
    const results = await runChaos(plan, {
      act: (step: ActionStep) => {
        const server = cluster[step.via]!;
        const commentId = commentIds[step.comment]!;
        const path = step.kind === 'like' ? `/api/comments/${commentId}/like` : `/api/episodes/${episodeId}/comments`;
        const body = step.kind === 'like' ? {} : { text: `Yanıt ${(replies += 1)}`, parentId: commentId };
        return post(server, actors[step.actor]!, path, body).then(async (response) => ({
          ok: response.ok,
          detail: `${step.kind} ${path}: ${response.status} ${await response.text()}`,
        }));
      },
      clients,
      redis,
    });
    // Every action's event is handed on: one notification per reply, one per liked comment.
    const expectedCount = replies + COMMENTS;
    await eventually(async () => (await stored()).length, (count) => count === expectedCount, 20_000);
    const expected = await stored();
    await eventually(
      () => clients.every((client) => client.live && !client.polling && JSON.stringify(client.shown) === JSON.stringify(expected)),
      Boolean,
      20_000,
    );

    try {
      expect(results.filter((result) => !result.ok)).toEqual([]);
      expect(expected).toHaveLength(expectedCount);
      expect(expected.filter((row) => row.text.endsWith(`ve ${ACTORS - 1} kişi yorumunuzu beğendi`))).toHaveLength(COMMENTS);
      for (const client of clients) {
        expect(client.shown).toEqual(expected);
        expect({ live: client.live, polling: client.polling }).toEqual({ live: true, polling: false });
      }
      // The run did exercise both paths: some notifications arrived live, some only by fetching.
      expect(clients.some((client) => client.pushed.size > 0)).toBe(true);
      expect(clients.some((client) => [...client.polled].some((seq) => !client.pushed.has(seq)))).toBe(true);
    } catch (error) {
      (error as Error).message = `seed ${seed} (replay with NOTIFICATIONS_PROPERTY_SEED=${seed})\n${(error as Error).message}`;
      throw error;
    }
  }, 120_000);

  it('shows live tabs a stored notification whose push was lost, with nothing after it, within seconds', async () => {
    await expectUnpushedItemFound(clients, {
      // Stored as a consumer stores one (numbered in the member's stream) and never pushed: what a
      // process whose Redis publisher was away, or that died after the commit, leaves behind.
      store: async () => {
        const [{ seq }] = (await catalog.dataSource.query(
          `WITH next_seq AS (${nextSequenceCte('$2')})
           INSERT INTO notification (user_id, seq, kind, group_key, actor_id, text, link)
           SELECT $1, next_seq.last_seq, 'room.invite', 'room.invite:kayip', $3, 'Yayını kaybolan davet', '/oda/kayip' FROM next_seq RETURNING seq::int`,
          [member.userId, streams.notifications(member.userId), actors[0]!.userId],
        )) as Array<{ seq: number }>;
        return seq;
      },
      newestOf: (client) => client.shown[0],
      text: 'Yayını kaybolan davet',
    });
  }, 30_000);
});
