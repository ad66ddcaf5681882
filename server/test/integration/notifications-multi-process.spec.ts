import { streams, type ServerToClientEvents } from '@seyirlik/shared-contracts';
import { importRoomCatalog, signedInMember, type SignedInMember } from '../factories/rooms';
import { startCluster, startServerProcess, type ServerProcess } from '../harness/cluster';
import { collect, connectSocket, eventually, type RoomSocket } from '../harness/room-client';
import { openCatalogDatabase } from '../support/catalog-database';
import { TEST_REDIS_URL } from '../support/services';
import { uniqueRedisPrefix } from '../support/test-database';

type Created = Parameters<ServerToClientEvents['notification.created']>[0];

/** Posts a comment (a reply with `parentId`) on the episode through `server`; answers its id. */
async function comment(server: ServerProcess, by: SignedInMember, episodeId: number, text: string, parentId?: number): Promise<number> {
  const response = await fetch(`${server.url}/api/episodes/${episodeId}/comments`, {
    method: 'POST',
    headers: { Cookie: by.cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ text, ...(parentId ? { parentId } : {}) }),
  });
  if (response.status !== 201) throw new Error(`comment: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** Members who muted badge notices: these tests are about replies (badges.spec.ts covers badges). */
const QUIET = { muted: ['badge'] } as const;

describe('notifications across server processes', () => {
  let catalog: Awaited<ReturnType<typeof openCatalogDatabase>>;
  let episodeId: number;
  const sockets: RoomSocket[] = [];
  const running: ServerProcess[] = [];
  const env = () => ({ DATABASE_URL: catalog.database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, TRUST_PROXY: 'true', LOG_LEVEL: 'error' });
  const prefix = uniqueRedisPrefix();

  const rowsOf = async (userId: number) =>
    (await catalog.dataSource.query('SELECT id::int, seq::int, group_key FROM notification WHERE user_id = $1 ORDER BY seq', [userId])) as Array<{
      id: number;
      seq: number;
      group_key: string;
    }>;

  beforeAll(async () => {
    catalog = await openCatalogDatabase();
    ({ aired: [episodeId] } = await importRoomCatalog(catalog.dataSource));
  });

  // Each test's processes stop with it: a relay left running would hand on the next test's events.
  afterEach(async () => {
    sockets.splice(0).forEach((socket) => socket.close());
    await Promise.all(running.splice(0).map((server) => server.stop()));
  });

  afterAll(() => catalog.close());

  it('brings a notification made from a reply sent to process A, and the read that clears it, to the member’s tabs on both processes', async () => {
    const [processA, processB] = await startCluster(2, env());
    running.push(processA!, processB!);
    const [author, replier] = [await signedInMember(processA!.url, QUIET), await signedInMember(processB!.url, QUIET)];
    const [tabOnA, tabOnB] = [await connectSocket(processA!.url, author.cookie), await connectSocket(processB!.url, author.cookie)];
    sockets.push(tabOnA, tabOnB);
    const [createdOnA, createdOnB] = [collect(tabOnA, 'notification.created'), collect(tabOnB, 'notification.created')];
    const [readOnA, readOnB] = [collect(tabOnA, 'notification.read'), collect(tabOnB, 'notification.read')];
    const head = await comment(processB!, author, episodeId, 'İki süreçli yorum');

    const replyId = await comment(processA!, replier, episodeId, 'A sürecinden yanıt', head);

    const [row] = await eventually(() => rowsOf(author.userId), (rows) => rows.length === 1);
    const arrived = (seen: Created[]) => seen.map((payload) => ({ id: payload.notification.id, seq: payload.notification.seq, unread: payload.unreadCount }));
    await eventually(() => createdOnB.length + createdOnA.length, (count) => count === 2);
    expect(row).toMatchObject({ group_key: `comment.reply:${replyId}` });
    expect(arrived(createdOnB)).toEqual([{ id: row!.id, seq: row!.seq, unread: 1 }]);
    expect(arrived(createdOnA)).toEqual(arrived(createdOnB));

    const read = await fetch(`${processA!.url}/ajax/service`, {
      method: 'POST',
      headers: { Cookie: author.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'type=readNotification',
    });
    expect(await read.json()).toEqual({ success: true, count: 0 });
    await eventually(() => readOnA.length + readOnB.length, (count) => count === 2);
    expect(readOnB).toEqual([{ id: null, unreadCount: 0 }]);
    expect(readOnA).toEqual(readOnB);
  }, 90_000);

  it('still makes the notification of a reply whose process was killed right after the commit, once, after a restart', async () => {
    const first = await startServerProcess(env());
    running.push(first);
    const [author, replier] = [await signedInMember(first.url, QUIET), await signedInMember(first.url, QUIET)];
    const head = await comment(first, author, episodeId, 'Çöken sürecin yorumu');
    await comment(first, replier, episodeId, 'İlk yanıt', head);
    await eventually(() => rowsOf(author.userId), (rows) => rows.length === 1);

    // The member's stream is held, so the relay's consumer of the next reply waits on it: the
    // reply and its event commit, and the process dies before any notification is written.
    const holder = catalog.dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query('SELECT 1 FROM stream_sequence WHERE stream = $1 FOR UPDATE', [streams.notifications(author.userId)]);
    const replyId = await comment(first, replier, episodeId, 'Süreç ölmeden önceki yanıt', head);
    await eventually(
      async () => (await holder.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n,
      (waiting: number) => waiting > 0,
    );
    first.child.kill('SIGKILL');
    await first.stop();
    // The dead process's connections go as the machine's would; a statement waiting on a lock
    // notices no lost client by itself. A prepared statement waiting on a lock may be listed as
    // idle (extended protocol), so its lock wait counts too.
    const busyElsewhere = `FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
                             AND (state <> 'idle' OR wait_event_type = 'Lock')`;
    await holder.query(`SELECT pg_terminate_backend(pid) ${busyElsewhere}`);
    await eventually(async () => (await holder.query(`SELECT count(*)::int AS n ${busyElsewhere}`))[0].n, (left: number) => left === 0);
    await holder.rollbackTransaction();
    await holder.release();
    const [pending] = (await catalog.dataSource.query(
      `SELECT count(*)::int AS n FROM outbox_message WHERE name = 'comment.replied' AND delivered_at IS NULL AND (payload->>'commentId')::int = $1`,
      [replyId],
    )) as Array<{ n: number }>;
    expect(pending!.n).toBe(1);
    expect((await rowsOf(author.userId)).map((row) => row.group_key)).not.toContain(`comment.reply:${replyId}`);

    const restarted = await startServerProcess(env());
    running.push(restarted);

    const rows = await eventually(() => rowsOf(author.userId), (found) => found.length === 2);
    expect(rows.map((row) => row.group_key).filter((key) => key === `comment.reply:${replyId}`)).toHaveLength(1);
    const after = await fetch(`${restarted.url}/api/notifications/after?after=${rows[0]!.seq}`, { headers: { Cookie: author.cookie } });
    expect(((await after.json()) as { notifications: Array<{ id: number }> }).notifications.map((entry) => entry.id)).toEqual([rows[1]!.id]);
  }, 90_000);
});
