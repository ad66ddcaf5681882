import { COMMENT_MESSAGES, CONTENT_REPORT_MESSAGES as M, MESSAGES, type DiscussionCreatedReply, type FlowPostReply } from '@seyirlik/shared-contracts';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { insertGroup } from '../factories/groups';
import { visitorAgent } from '../factories/members';
import { signedInMember, type SignedInMember } from '../factories/rooms';
import { startTestApp, type TestApp } from '../support/test-app';

describe('reports of topics and posts', () => {
  let sut: TestApp;
  let db: DataSource;
  let author: SignedInMember;
  let reporter: SignedInMember;
  let topicId: number;
  let postId: number;
  let pollId: number;
  let hiddenPostId: number;

  const reports = async () =>
    (await db.query('SELECT subject, target_id::int AS "targetId", target_author_id AS "authorId", reporter_id AS "reporterId", reason, description, target_text AS text FROM content_report ORDER BY id')) as Array<
      Record<string, unknown>
    >;

  async function unchanged(send: () => Promise<request.Response>): Promise<request.Response> {
    const before = await reports();
    const response = await send();
    expect(await reports()).toEqual(before);
    return response;
  }

  const report = (who: SignedInMember, body: Record<string, unknown>) => who.agent.post('/api/reports').send(body);
  const legacy = (who: SignedInMember | ReturnType<typeof visitorAgent>, body: Record<string, unknown>) =>
    ('agent' in who ? who.agent : who).post('/set/report').type('form').send(body);

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    db = sut.server.app.get(DataSource);
    [author, reporter] = await Promise.all([signedInMember(sut.baseUrl, { muted: ['badge'] }), signedInMember(sut.baseUrl, { muted: ['badge'] })]);
    const topic = await author.agent.post('/api/discussions').send({ title: 'Bildirilecek konu', text: 'Konu metni <b>kalın</b>', category: 'genel' });
    topicId = (topic.body as DiscussionCreatedReply).discussion.id;
    const post = await author.agent.post('/api/flow/posts').field('text', 'Bildirilecek gönderi');
    postId = (post.body as FlowPostReply).post.id;
    const poll = await author.agent
      .post('/api/flow/posts')
      .field('kind', 'poll')
      .field('question', 'Hangi sezon?')
      .field('answers', JSON.stringify([{ value: 'Birinci' }, { value: 'İkinci' }]));
    pollId = (poll.body as FlowPostReply).post.id;
    const hidden = await insertGroup(db, author.userId, { private: true });
    const [row] = await db.query("INSERT INTO flow_post (author_id, group_id, kind, body) VALUES ($1, $2, 'post', 'Gizli grup gönderisi') RETURNING id", [author.userId, hidden]);
    hiddenPostId = Number(row.id);
  });

  afterAll(async () => {
    await sut.close();
  });

  it('requires authentication: 401 on the JSON API, the session flag on /set/report, nothing stored', async () => {
    const visitor = visitorAgent(sut.baseUrl);
    const json = await visitor.post('/api/reports').send({ subject: 'post', targetId: postId, reason: 'spam' });
    const old = await legacy(visitor, { type: 'discussion', id: topicId, value: 'spam' });

    expect({ status: json.status, body: json.body }).toEqual({ status: 401, body: { statusCode: 401, message: MESSAGES.loginRequired } });
    expect(old.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
    expect(await reports()).toEqual([]);
  });

  it('stores a report of a topic and of a post with a copy of what was reported, over both APIs', async () => {
    const topic = await report(reporter, { subject: 'discussion', targetId: topicId, reason: 'abuse', description: '' });
    const post = await legacy(reporter, { type: 'flow', id: postId, value: 'other', desc: 'Reklam yapıyor' });
    const poll = await legacy(reporter, { type: 'group', id: pollId, value: 'spam' });

    expect({ status: topic.status, body: topic.body }).toEqual({ status: 201, body: { message: M.reportReceived } });
    expect(post.body).toEqual({ success: true, message: M.reportReceived });
    expect(poll.body).toEqual({ success: true, message: M.reportReceived });
    expect(await reports()).toEqual([
      { subject: 'discussion', targetId: topicId, authorId: author.userId, reporterId: reporter.userId, reason: 'abuse', description: '', text: 'Bildirilecek konu\n\nKonu metni <b>kalın</b>' },
      { subject: 'post', targetId: postId, authorId: author.userId, reporterId: reporter.userId, reason: 'other', description: 'Reklam yapıyor', text: 'Bildirilecek gönderi' },
      { subject: 'post', targetId: pollId, authorId: author.userId, reporterId: reporter.userId, reason: 'spam', description: '', text: 'Hangi sezon?' },
    ]);
  });

  it('refuses a second open report, one’s own content, a missing or unreadable target and bad fields, in Turkish, storing nothing', async () => {
    const cases: Array<[() => Promise<request.Response>, number, string]> = [
      [() => report(reporter, { subject: 'discussion', targetId: topicId, reason: 'spam' }), 409, M.reportDuplicate],
      [() => report(author, { subject: 'post', targetId: postId, reason: 'spam' }), 400, M.reportOwn],
      [() => report(reporter, { subject: 'discussion', targetId: 2_000_000_000, reason: 'spam' }), 404, M.targetNotFound],
      [() => report(reporter, { subject: 'post', targetId: hiddenPostId, reason: 'spam' }), 404, M.targetNotFound],
      [() => report(reporter, { subject: 'yorum-degil', targetId: postId, reason: 'spam' }), 400, M.subjectInvalid],
      [() => report(reporter, { subject: 'post', targetId: 'abc', reason: 'spam' }), 400, M.targetIdInvalid],
      [() => report(reporter, { subject: 'post', targetId: postId, reason: 'kizdim' }), 400, COMMENT_MESSAGES.reasonInvalid],
      [() => report(reporter, { subject: 'post', targetId: postId, reason: 'other', description: '  ' }), 400, COMMENT_MESSAGES.descriptionRequired],
      [() => report(reporter, { subject: 'post', targetId: postId, reason: 'spam', description: '<script>alert(1)</script>' }), 400, COMMENT_MESSAGES.markupNotAllowed],
    ];
    for (const [send, status, message] of cases) {
      const response = await unchanged(send);
      expect({ status: response.status, message: response.body.message }).toEqual({ status, message });
    }
    const old = await unchanged(() => legacy(reporter, { type: 'post', id: hiddenPostId, value: 'spam' }));
    expect(old.body).toEqual({ success: false, error: true, message: M.targetNotFound });
  });

  it('leaves comments and unknown types to the comments’ branch of /set/report', async () => {
    const unknown = await unchanged(() => legacy(reporter, { type: 'koleksiyon', id: postId, value: 'spam' }));
    expect(unknown.body).toEqual({ success: false, error: true, message: COMMENT_MESSAGES.reportSubjectInvalid });
  });
});
