import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { COMMENT_MESSAGES, MEMBER_STATE_MESSAGES, MESSAGES, ROOM_MESSAGES, WATCH_MESSAGES } from '@seyirlik/shared-contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { importRoomCatalog, signedInMember, type SignedInMember } from '../factories/rooms';
import { startTestApp, type TestApp } from '../support/test-app';

/** Every bad request gets a 4xx with a Turkish message, and changes nothing. */
describe('bad input', () => {
  let sut: TestApp;
  let member: SignedInMember;
  let episodeId: number;
  let titleId: number;
  let sourceId: number;

  let dataSource: DataSource;
  const count = async (table: string) => Number((await dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    dataSource = sut.server.app.get(DataSource);
    const { aired } = await importRoomCatalog(dataSource);
    episodeId = aired[0];
    const [row] = await dataSource.query(
      'SELECT e.title_id, s.id AS source_id FROM episode e JOIN video_source s ON s.episode_id = e.id WHERE e.id = $1 LIMIT 1',
      [episodeId],
    );
    titleId = row.title_id;
    sourceId = row.source_id;
    member = await signedInMember(sut.baseUrl);
  });

  afterAll(() => sut.close());

  describe('a body that is not what its headers say', () => {
    it.each([
      ['/ajax/service', 'application/json', 'gzip'],
      ['/ajax/service', 'application/x-www-form-urlencoded', 'gzip'],
      ['/add/comment', 'application/json', 'gzip'],
      ['/auth/login', 'application/json', 'deflate'],
      ['/api/rooms', 'application/json', 'br'],
      ['/api/auth/login', 'application/json', 'zstd'],
      ['/set/report', 'application/json', 'identity, gzip'],
    ])('POST %s as %s with Content-Encoding %s on plain bytes answers 400', async (path, type, encoding) => {
      const comments = await count('comment');
      const response = await member.agent.post(path).set('Content-Type', type).set('Content-Encoding', encoding).send('x');

      expect(response.status).toBe(400);
      expect(response.body.message).toBe(MESSAGES.malformedBody);
      expect(await count('comment')).toBe(comments);
    });

    it('still reads a body that really is gzip', async () => {
      const response = await fetch(`${sut.baseUrl}/ajax/service`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', Cookie: member.cookie },
        body: gzipSync(JSON.stringify({ type: 'get_chat', code: 'AAAAAAAAAAAA', id: 0 })),
      });

      // The body was read: the room it names does not exist.
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ success: false, message: ROOM_MESSAGES.roomNotFound });
    });

    it('refuses a multipart body without a length (411) or larger than the limit (413) before reading it', async () => {
      const unsized = await new Promise<{ status: number; body: string }>((resolveAnswer, reject) => {
        const sending = httpRequest(`${sut.baseUrl}/ajax/service`, {
          method: 'POST',
          headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Transfer-Encoding': 'chunked' },
        });
        sending.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          response.on('end', () => resolveAnswer({ status: response.statusCode!, body }));
        });
        sending.on('error', reject);
        sending.end('--x\r\nContent-Disposition: form-data; name="type"\r\n\r\nget_chat\r\n--x--\r\n');
      });
      const oversized = await fetch(`${sut.baseUrl}/ajax/service`, {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(33 * 1024 * 1024) },
        body: 'x',
      }).catch(() => null);

      expect(unsized.status).toBe(411);
      expect(JSON.parse(unsized.body).message).toBe(MESSAGES.malformedBody);
      // The server answers before the body (which never comes); a client may see the answer or a closed socket.
      if (oversized) expect(oversized.status).toBe(413);
    });
  });

  describe('get_stream eg_id that String() cannot read', () => {
    it.each([
      ['an object whose toString is not a function', '{"toString":1}'],
      ['hex', '"0x10"'],
      ['a list', '[[1]]'],
    ])('answers %s with a Turkish 4xx', async (_name, egIdJson) => {
      const response = await request(sut.baseUrl)
        .post('/ajax/service')
        .set('Content-Type', 'application/json')
        .send(`{"type":"get_stream","vid":${sourceId},"eg_id":${egIdJson}}`);

      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body).toMatchObject({ success: false, message: WATCH_MESSAGES.sourceNotFound });
    });

    it('refuses a 50,000-deep list as a malformed body before reading it', async () => {
      const response = await request(sut.baseUrl)
        .post('/ajax/service')
        .set('Content-Type', 'application/json')
        .send(`{"type":"get_stream","vid":${sourceId},"eg_id":${'['.repeat(50_000) + ']'.repeat(50_000)}}`);

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, message: MESSAGES.malformedBody });
    });

    it('still opens the source when eg_id names its episode, as digits or as a number', async () => {
      for (const egId of [String(episodeId), episodeId]) {
        const response = await request(sut.baseUrl).post('/ajax/service').send({ type: 'get_stream', vid: sourceId, eg_id: egId });
        expect(response.body).toMatchObject({ success: true, uri: expect.any(String) });
      }
    });
  });

  describe('ids only in their plain forms', () => {
    it.each([['0x10'], [' 5 '], ['+5'], ['1e1'], [true], [[[1]]], [{ toString: 1 }]])(
      '/set/follow refuses content_id %p and follows nothing',
      async (contentId) => {
        const before = await count('title_follow');
        const response = await member.agent.post('/set/follow').send({ content_id: contentId === ' 5 ' ? ` ${titleId} ` : contentId });

        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ success: false, message: MEMBER_STATE_MESSAGES.titleIdInvalid });
        expect(await count('title_follow')).toBe(before);
      },
    );

    it('takes the id as digits from a form and as a number from JSON', async () => {
      expect((await member.agent.post('/set/follow').type('form').send(`content_id=${titleId}`)).body).toMatchObject({ success: true, _t: 1 });
      expect((await member.agent.post('/set/follow').send({ content_id: titleId })).body).toMatchObject({ success: true, _t: 0 });
    });

    it.each([['0x10'], [true], [[2]]])('/add/comment refuses type %p with its message and stores nothing', async (type) => {
      const before = await count('comment');
      const response = await member.agent.post('/add/comment').send({ type, id: titleId, comment: 'Merhaba', spoiler: 0 });

      expect(response.status).toBe(400);
      expect(response.body.message).toBe(COMMENT_MESSAGES.typeInvalid);
      expect(await count('comment')).toBe(before);
    });
  });

  it('drops U+FFFD from comments and chat alike', async () => {
    const room = await member.agent.post('/api/rooms').send({ episodeId, title: 'Oda', invite: [] });
    const chat = await member.agent.post(`/api/rooms/${room.body.code}/messages`).send({ text: 'a\uFFFDb' });
    const comment = await member.agent.post(`/api/episodes/${episodeId}/comments`).send({ text: 'a\uFFFDb' });

    expect(chat.body.text).toBe('ab');
    expect(comment.body.text).toBe('ab');
  });

  describe('a Range past the end of a file', () => {
    it('answers 416 with the file size for a demo clip', async () => {
      const response = await request(sut.baseUrl).get('/media/demo/bars.mp4').set('Range', 'bytes=999999999-');

      expect(response.status).toBe(416);
      expect(response.headers['content-range']).toMatch(/^bytes \*\/\d+$/);
    });

    it('answers 416 for a built client asset too, and 404 for a missing one', async () => {
      const assets = join(__dirname, '..', '..', '..', 'client', 'dist', 'assets');
      const asset = readdirSync(assets).find((file) => file.endsWith('.js'))!;

      const past = await request(sut.baseUrl).get(`/assets/${asset}`).set('Range', 'bytes=999999999-');
      const whole = await request(sut.baseUrl).get(`/assets/${asset}`);
      const missing = await request(sut.baseUrl).get('/assets/missing-abc.js');

      expect(past.status).toBe(416);
      expect(past.headers['content-range']).toMatch(/^bytes \*\/\d+$/);
      expect(whole.status).toBe(200);
      expect(missing.status).toBe(404);
    });
  });
});
