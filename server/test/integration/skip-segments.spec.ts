import {
  MESSAGES,
  SKIP_SEGMENT_MESSAGES as M,
  SKIP_SEGMENT_RULES,
  WATCH_MESSAGES,
  skipSegmentChannel,
  type SkipSegmentList,
  type SkipSegmentView,
} from '@seyirlik/shared-contracts';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { buildCatalogFile, buildEpisode, buildSeries } from '../factories/catalog';
import { visitorAgent } from '../factories/members';
import { signedInMember, type SignedInMember } from '../factories/rooms';
import { collect, connectSocket, eventually, type RoomSocket } from '../harness/room-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** The factories' episodes last 2,700 s: a marking is at most 900 s long. */
const DURATION = 2700;

describe('skip segments', () => {
  let sut: TestApp;
  let db: DataSource;
  let author: SignedInMember;
  let voters: SignedInMember[];
  let sourceId: number;
  let otherSourceId: number;
  let embedSourceId: number;
  let groupSourceId: number;
  let unairedSourceId: number;
  let episodeId: number;
  const sockets: RoomSocket[] = [];

  /** Every marking and vote, so a refusal can be shown to change nothing. */
  const snapshot = async () => ({
    segments: (await db.query('SELECT id, source_id, kind, start_seconds, end_seconds, author_id, confirmations, rejections FROM skip_segment ORDER BY id')) as unknown[],
    votes: (await db.query('SELECT segment_id, user_id, confirm FROM skip_segment_vote ORDER BY segment_id, user_id')) as unknown[],
  });

  async function unchanged(send: () => Promise<request.Response>): Promise<request.Response> {
    const before = await snapshot();
    const response = await send();
    expect(await snapshot()).toEqual(before);
    return response;
  }

  const mark = (who: SignedInMember, source: number | string, body: Record<string, unknown>) => who.agent.post(`/api/sources/${source}/skip-segments`).send(body);
  const vote = (who: SignedInMember, segment: number | string, body: Record<string, unknown>) => who.agent.post(`/api/skip-segments/${segment}/votes`).send(body);
  const list = async (who: SignedInMember | null, source: number) => {
    const response = await (who ? who.agent : visitorAgent(sut.baseUrl)).get(`/api/sources/${source}/skip-segments`);
    expect(response.status).toBe(200);
    return response.body as SkipSegmentList;
  };

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    db = sut.server.app.get(DataSource);
    const nextYear = new Date().getUTCFullYear() + 1;
    const mp4 = (name: string) => ({ name, kind: 'mp4' as const, link: '/media/demo/pattern.mp4', tiers: ['360p'], lock: false, download: false });
    const series = buildSeries({
      seasons: [
        {
          number: 1,
          episodes: [
            buildEpisode(1, {
              sources: [mp4('Seyirlik'), mp4('Yedek'), { name: 'Harici', kind: 'embed', link: '/embed/demo/bars' }],
              groups: [{ hash: `atla-${Date.now().toString(36)}`, name: 'Grup', sources: [mp4('Grup 1')] }],
            }),
            buildEpisode(2, { airAt: new Date(Date.UTC(nextYear, 0, 1)).toISOString() }),
          ],
        },
      ],
    });
    await sut.server.app.get(CatalogImportService).import(buildCatalogFile([series]));
    const sources = (await db.query(
      `SELECT s.id, s.name, e.id AS episode_id FROM video_source s
         LEFT JOIN video_group g ON g.id = s.group_id
         JOIN episode e ON e.id = COALESCE(s.episode_id, g.episode_id)
         JOIN title t ON t.id = e.title_id
        WHERE t.slug = $1 ORDER BY e.number, s.group_id NULLS FIRST, s.position`,
      [series.slug],
    )) as Array<{ id: number; name: string; episode_id: number }>;
    [sourceId, otherSourceId, embedSourceId, groupSourceId, unairedSourceId] = sources.map((source) => source.id) as [number, number, number, number, number];
    episodeId = sources[0]!.episode_id;
    [author, ...voters] = await Promise.all(Array.from({ length: 5 }, () => signedInMember(sut.baseUrl, { muted: ['badge'] })));
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await sut.close();
  });

  it('requires authentication to mark and to vote: 401, nothing stored; a visitor reads the agreed markings only', async () => {
    const visitor = visitorAgent(sut.baseUrl);
    const marked = await unchanged(() => visitor.post(`/api/sources/${sourceId}/skip-segments`).send({ kind: 'intro', startSeconds: 10, endSeconds: 60 }));
    const voted = await unchanged(() => visitor.post('/api/skip-segments/1/votes').send({ vote: 'confirm' }));

    expect({ status: marked.status, body: marked.body }).toEqual({ status: 401, body: { statusCode: 401, message: MESSAGES.loginRequired } });
    expect({ status: voted.status, body: voted.body }).toEqual({ status: 401, body: { statusCode: 401, message: MESSAGES.loginRequired } });
    expect(await list(null, sourceId)).toEqual({ sourceId, episodeId, durationSeconds: DURATION, segments: [] });
  });

  it('skips an own marking for its author at once, offers it to other members to vote on, hides it from visitors, and pushes the change', async () => {
    const watcher = await connectSocket(sut.baseUrl);
    sockets.push(watcher);
    expect(await watcher.timeout(5000).emitWithAck('room.join', { room: skipSegmentChannel(episodeId) })).toEqual({ ok: true });
    const pushes = collect(watcher, 'skipSegment.changed');

    const response = await mark(author, sourceId, { kind: 'intro', startSeconds: 30, endSeconds: 95 });

    const segment = response.body as SkipSegmentView;
    expect({ status: response.status, body: segment }).toEqual({
      status: 201,
      body: {
        id: expect.any(Number),
        kind: 'intro',
        startSeconds: 30,
        endSeconds: 95,
        confirmations: 1,
        rejections: 0,
        status: 'pending',
        confirmationsNeeded: SKIP_SEGMENT_RULES.agreementMargin - 1,
        mine: true,
        myVote: 'confirm',
        skippable: true,
      },
    });
    expect((await list(author, sourceId)).segments).toEqual([segment]);
    expect((await list(voters[0]!, sourceId)).segments).toEqual([{ ...segment, mine: false, myVote: null, skippable: false }]);
    expect((await list(null, sourceId)).segments).toEqual([]);
    expect(await eventually(() => pushes, (seen) => seen.length > 0)).toEqual([{ sourceId, segmentId: segment.id }]);
  });

  it('agrees a marking when confirmations (the author’s included) exceed rejections by the rule’s margin; a vote may switch', async () => {
    const [first, second, third] = voters as [SignedInMember, SignedInMember, SignedInMember];
    const [segment] = (await list(author, sourceId)).segments as [SkipSegmentView];

    const afterFirst = await vote(first, segment.id, { vote: 'confirm' });
    expect(afterFirst.body).toMatchObject({ confirmations: 2, rejections: 0, status: 'pending', confirmationsNeeded: 1, myVote: 'confirm', skippable: false });

    const afterReject = await vote(second, segment.id, { vote: 'reject' });
    expect(afterReject.body).toMatchObject({ confirmations: 2, rejections: 1, status: 'pending', confirmationsNeeded: 2, myVote: 'reject' });

    const switched = await vote(second, segment.id, { vote: 'confirm' });
    expect({ status: switched.status, body: switched.body }).toMatchObject({
      status: 200,
      body: { confirmations: 3, rejections: 0, status: 'agreed', confirmationsNeeded: 0, myVote: 'confirm', skippable: true },
    });

    // Agreed: skipped for everyone, visitors included.
    expect((await list(null, sourceId)).segments).toEqual([
      { ...segment, confirmations: 3, rejections: 0, status: 'agreed', confirmationsNeeded: 0, mine: false, myVote: null, skippable: true },
    ]);
    expect((await list(third, sourceId)).segments[0]).toMatchObject({ status: 'agreed', skippable: true, myVote: null });
    expect(await db.query('SELECT user_id, confirm FROM skip_segment_vote WHERE segment_id = $1 ORDER BY user_id', [segment.id])).toEqual(
      [author, first, second].map((member) => ({ user_id: member.userId, confirm: true })).sort((a, b) => a.user_id - b.user_id),
    );
  });

  it('keeps markings apart per source: another source has none, and the same range may be marked there', async () => {
    expect((await list(author, otherSourceId)).segments).toEqual([]);
    const other = await mark(voters[0]!, otherSourceId, { kind: 'intro', startSeconds: 0, endSeconds: 80 });
    const group = await mark(voters[0]!, groupSourceId, { kind: 'intro', startSeconds: 30, endSeconds: 95 });

    expect([other.status, group.status]).toEqual([201, 201]);
    expect((await list(voters[0]!, otherSourceId)).segments.map((segment) => [segment.kind, segment.startSeconds, segment.endSeconds])).toEqual([['intro', 0, 80]]);
    expect((await list(voters[0]!, groupSourceId)).episodeId).toBe(episodeId);
    expect((await list(voters[0]!, sourceId)).segments.map((segment) => segment.startSeconds)).toEqual([30]);
  });

  it('lets credits end at the episode’s end and another kind share an intro’s range', async () => {
    const credits = await mark(author, sourceId, { kind: 'credits', startSeconds: DURATION - 120, endSeconds: DURATION });
    const recap = await mark(author, sourceId, { kind: 'recap', startSeconds: 30, endSeconds: 95 });

    expect([credits.status, credits.body.kind, recap.status, recap.body.kind]).toEqual([201, 'credits', 201, 'recap']);
  });

  it('refuses bad markings in Turkish, storing nothing', async () => {
    const member = voters[1]!;
    const cases: Array<[Record<string, unknown>, number, string, number?]> = [
      [{ kind: 'intro', startSeconds: 1000, endSeconds: DURATION + 1 }, 400, M.pastEpisodeEnd(DURATION)],
      [{ kind: 'credits', startSeconds: DURATION + 1, endSeconds: DURATION + 60 }, 400, M.pastEpisodeEnd(DURATION)],
      [{ kind: 'intro', startSeconds: -1, endSeconds: 20 }, 400, M.startInvalid],
      [{ kind: 'intro', startSeconds: '-5', endSeconds: 20 }, 400, M.startInvalid],
      [{ kind: 'intro', startSeconds: 10, endSeconds: -20 }, 400, M.endInvalid],
      [{ kind: 'intro', startSeconds: 300, endSeconds: 200 }, 400, M.endBeforeStart],
      [{ kind: 'intro', startSeconds: 300, endSeconds: 300 }, 400, M.endBeforeStart],
      [{ kind: 'recap', startSeconds: 1000, endSeconds: 1000 + DURATION / 3 + 1 }, 400, M.tooLong(DURATION)],
      [{ kind: 'intro', startSeconds: 90, endSeconds: 150 }, 409, M.overlap],
      [{ kind: 'intro', startSeconds: 0, endSeconds: 31 }, 409, M.overlap],
      [{ kind: 'opening', startSeconds: 0, endSeconds: 20 }, 400, M.kindInvalid],
      [{ kind: 'intro', startSeconds: 'on', endSeconds: 20 }, 400, M.startInvalid],
      [{ kind: 'intro', startSeconds: 1, endSeconds: 2 }, 400, M.embedSource, embedSourceId],
      [{ kind: 'intro', startSeconds: 1, endSeconds: 2 }, 404, WATCH_MESSAGES.sourceNotFound, unairedSourceId],
      [{ kind: 'intro', startSeconds: 1, endSeconds: 2 }, 404, WATCH_MESSAGES.sourceNotFound, 2_000_000_000],
    ];
    for (const [body, status, message, source] of cases) {
      const response = await unchanged(() => mark(member, source ?? sourceId, body));
      expect({ body, status: response.status, message: response.body.message }).toEqual({ body, status, message });
    }
    // Exactly a third of the episode is allowed.
    expect((await mark(member, sourceId, { kind: 'recap', startSeconds: 1000, endSeconds: 1000 + DURATION / 3 })).status).toBe(201);
  });

  it('refuses a second confirmation (the author’s too), a repeated rejection and bad votes in Turkish, changing nothing', async () => {
    const [segment] = (await list(author, sourceId)).segments.filter((item) => item.kind === 'intro') as [SkipSegmentView];
    const rejecter = voters[3]!;
    expect((await vote(rejecter, segment.id, { vote: 'reject' })).status).toBe(200);

    const cases: Array<[SignedInMember, number | string, Record<string, unknown>, number, string]> = [
      [author, segment.id, { vote: 'confirm' }, 409, M.alreadyConfirmed],
      [voters[0]!, segment.id, { vote: 'confirm' }, 409, M.alreadyConfirmed],
      [rejecter, segment.id, { vote: 'reject' }, 409, M.alreadyRejected],
      [voters[2]!, segment.id, { vote: 'belki' }, 400, M.voteInvalid],
      [voters[2]!, segment.id, {}, 400, M.voteInvalid],
      [voters[2]!, 2_000_000_000, { vote: 'confirm' }, 404, M.segmentNotFound],
      [voters[2]!, 'abc', { vote: 'confirm' }, 400, M.segmentNotFound],
    ];
    for (const [who, id, body, status, message] of cases) {
      const response = await unchanged(() => vote(who, id, body));
      expect({ body, status: response.status, message: response.body.message }).toEqual({ body, status, message });
    }
  });

  it('drops a marking rejected away from every list, frees its range and takes no more votes', async () => {
    const [author2, a, b, c] = voters as [SignedInMember, SignedInMember, SignedInMember, SignedInMember];
    const created = await mark(author2, otherSourceId, { kind: 'credits', startSeconds: 2000, endSeconds: 2100 });
    const id = (created.body as SkipSegmentView).id;
    await vote(a, id, { vote: 'reject' });
    await vote(b, id, { vote: 'reject' });
    // 1 confirmation, 2 rejections: still open to votes.
    expect((await list(a, otherSourceId)).segments.map((segment) => segment.id)).toContain(id);
    const last = await vote(c, id, { vote: 'reject' });
    expect(last.body).toMatchObject({ confirmations: 1, rejections: 3, status: 'pending' });
    const away = await vote(author2, id, { vote: 'reject' });
    expect(away.body).toMatchObject({ confirmations: 0, rejections: 4, status: 'rejected', skippable: false });

    expect((await list(author2, otherSourceId)).segments.map((segment) => segment.id)).not.toContain(id);
    const late = await unchanged(() => vote(author, id, { vote: 'confirm' }));
    expect({ status: late.status, message: late.body.message }).toEqual({ status: 404, message: M.segmentNotFound });
    expect((await mark(author, otherSourceId, { kind: 'credits', startSeconds: 2050, endSeconds: 2150 })).status).toBe(201);
  });

  it('counts concurrent votes exactly: the counts equal the stored votes', async () => {
    const created = await mark(author, sourceId, { kind: 'credits', startSeconds: 1500, endSeconds: 1600 });
    const id = (created.body as SkipSegmentView).id;
    await Promise.all(voters.map((member, index) => vote(member, id, { vote: index % 2 === 0 ? 'confirm' : 'reject' })));

    const [row] = (await db.query(
      `SELECT k.confirmations, k.rejections,
              (SELECT count(*) FILTER (WHERE confirm)::int FROM skip_segment_vote WHERE segment_id = k.id) AS stored_confirmations,
              (SELECT count(*) FILTER (WHERE NOT confirm)::int FROM skip_segment_vote WHERE segment_id = k.id) AS stored_rejections
         FROM skip_segment k WHERE k.id = $1`,
      [id],
    )) as Array<Record<string, number>>;
    expect(row).toEqual({ confirmations: 3, rejections: 2, stored_confirmations: 3, stored_rejections: 2 });
  });

  it('lets two overlapping markings made at once store only one', async () => {
    const [first, second] = voters as [SignedInMember, SignedInMember];
    const answers = await Promise.all([
      mark(first, groupSourceId, { kind: 'recap', startSeconds: 200, endSeconds: 260 }),
      mark(second, groupSourceId, { kind: 'recap', startSeconds: 230, endSeconds: 290 }),
    ]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await db.query("SELECT count(*)::int AS count FROM skip_segment WHERE source_id = $1 AND kind = 'recap'", [groupSourceId])).toEqual([{ count: 1 }]);
  });

  it('limits how many markings a member makes', async () => {
    const member = await signedInMember(sut.baseUrl, { muted: ['badge'] });
    const { points } = SKIP_SEGMENT_RULES.markRateLimit;
    for (let index = 0; index < points; index += 1) {
      const response = await mark(member, embedSourceId, { kind: 'intro', startSeconds: 1, endSeconds: 2 });
      expect(response.status).toBe(400);
    }
    const limited = await unchanged(() => mark(member, otherSourceId, { kind: 'recap', startSeconds: 2400, endSeconds: 2450 }));
    expect({ status: limited.status, message: limited.body.message }).toEqual({ status: 429, message: MESSAGES.tooManyRequests });
  });
});
