import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { MESSAGES } from '@seyirlik/shared-contracts';
import request from 'supertest';
import { z } from 'zod';
import { BODY_LIMITS } from '../../src/platform/http/body-parsing';
import { LegacyCallRegistry } from '../../src/platform/http/legacy-call.registry';
import { startTestApp, type TestApp } from '../support/test-app';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose answer is kept as sent (supertest and fetch decompress it). */
function rawRequest(method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

const rawGet = (url: string, headers: Record<string, string>) => rawRequest('GET', url, headers);

/** A body decoded by its Content-Encoding. */
function decoded(response: { headers: IncomingHttpHeaders; body: Buffer }): Buffer {
  const encoding = response.headers['content-encoding'];
  return encoding === 'br' ? brotliDecompressSync(response.body) : encoding === 'gzip' ? gunzipSync(response.body) : response.body;
}

describe('HTTP platform', () => {
  let sut: TestApp;
  const received: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    sut = await startTestApp();
    // A type registered the way a feature module registers its own, to watch the dispatch.
    sut.server.app.get(LegacyCallRegistry).register({
      type: 'echoForTest',
      login: false,
      schema: z.looseObject({}),
      handle: async (body) => {
        received.push(body);
        return { echoed: body };
      },
    });
  });

  afterAll(() => sut.close());
  beforeEach(() => received.splice(0));

  describe('/ajax/service', () => {
    it('dispatches on type and answers success with the handler’s fields', async () => {
      const response = await request(sut.baseUrl)
        .post('/ajax/service')
        .type('form')
        .send('type=echoForTest&e_id=12&title=Birlikte+izleyelim&invite[]=3&invite[]=5');

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        echoed: { type: 'echoForTest', e_id: '12', title: 'Birlikte izleyelim', invite: ['3', '5'] },
      });
    });

    it('reads form arrays of any practical length in order', async () => {
      const invites = Array.from({ length: 40 }, (_, index) => `invite[]=${index + 1}`).join('&');
      const response = await request(sut.baseUrl).post('/ajax/service').type('form').send(`type=echoForTest&${invites}`);

      expect(response.status).toBe(200);
      expect(response.body.echoed.invite).toEqual(Array.from({ length: 40 }, (_, index) => String(index + 1)));
    });

    it('accepts JSON and multipart bodies too', async () => {
      const json = await request(sut.baseUrl).post('/ajax/service').send({ type: 'echoForTest', code: 'abc' });
      const multipart = await request(sut.baseUrl)
        .post('/ajax/service')
        .field('type', 'echoForTest')
        .field('message', 'merhaba')
        .attach('photo[]', Buffer.from('fake'), 'a.txt');

      expect(json.body).toEqual({ success: true, echoed: { type: 'echoForTest', code: 'abc' } });
      expect(multipart.body).toEqual({ success: true, echoed: { type: 'echoForTest', message: 'merhaba' } });
    });

    it('refuses an unknown type with a Turkish error and calls nothing', async () => {
      const response = await request(sut.baseUrl).post('/ajax/service').type('form').send('type=noSuchType');

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: true, message: MESSAGES.unknownServiceType });
      expect(received).toHaveLength(0);
    });

    it.each([
      ['an empty body', ''],
      ['an empty type', 'type='],
      ['other fields only', 'code=abc'],
    ])('refuses %s: the type is missing', async (_case, body) => {
      const response = await request(sut.baseUrl).post('/ajax/service').type('form').send(body);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: true, message: MESSAGES.missingServiceType });
    });

    it('refuses a type that is not a short string', async () => {
      const response = await request(sut.baseUrl).post('/ajax/service').send({ type: 'x'.repeat(65) });
      const arrayType = await request(sut.baseUrl).post('/ajax/service').send({ type: ['echoForTest'] });

      expect(response.body.message).toBe(MESSAGES.unknownServiceType);
      expect(arrayType.status).toBe(400);
      expect(received).toHaveLength(0);
    });
  });

  describe('malformed and oversized bodies', () => {
    it('answers 400 in Turkish for malformed JSON, never 500', async () => {
      const response = await request(sut.baseUrl)
        .post('/ajax/service')
        .set('Content-Type', 'application/json')
        .send('{"type": "echoForTest",');

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: true, message: MESSAGES.malformedBody });
    });

    it('refuses JSON nested deeper than the limit before parsing it, counting no bracket inside a string', async () => {
      const nested = (depth: number) => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;
      const tooDeep = await request(sut.baseUrl)
        .post('/ajax/service')
        .set('Content-Type', 'application/json')
        .send(`{"type":"echoForTest","data":${nested(BODY_LIMITS.nesting)}}`);
      const deepest = await request(sut.baseUrl)
        .post('/ajax/service')
        .set('Content-Type', 'application/json')
        .send(`{"type":"echoForTest","data":${nested(BODY_LIMITS.nesting - 1)},"text":"[{\\"[[[{{{${'['.repeat(100)}"}`);

      expect(tooDeep.status).toBe(400);
      expect(tooDeep.body).toEqual({ success: false, error: true, message: MESSAGES.malformedBody });
      expect(deepest.status).toBe(200);
      expect(received).toEqual([{ type: 'echoForTest', data: JSON.parse(nested(BODY_LIMITS.nesting - 1)), text: `[{"[[[{{{${'['.repeat(100)}` }]);
    });

    it('answers 400 for a broken multipart body', async () => {
      const response = await request(sut.baseUrl)
        .post('/ajax/service')
        .set('Content-Type', 'multipart/form-data; boundary=xyz')
        .send('--xyz\r\nContent-Disposition: form-data; name="type"\r\n\r\necho');

      expect(response.status).toBe(400);
      expect(response.body.message).toBe(MESSAGES.malformedBody);
    });

    it('answers 413 for a body over the limit', async () => {
      const response = await request(sut.baseUrl)
        .post('/ajax/service')
        .send({ type: 'echoForTest', data: 'x'.repeat(2 * 1024 * 1024) });

      expect(response.status).toBe(413);
      expect(response.body.message).toBe(MESSAGES.bodyTooLarge);
      expect(received).toHaveLength(0);
    });

    it('answers the JSON API’s own shape under /api', async () => {
      const response = await request(sut.baseUrl)
        .post('/api/anything')
        .set('Content-Type', 'application/json')
        .send('{oops');

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, message: MESSAGES.malformedBody });
    });
  });

  describe('Origin check on state-changing requests', () => {
    it('refuses a POST from another site with 403 and changes nothing', async () => {
      const response = await request(sut.baseUrl)
        .post('/ajax/service')
        .set('Origin', 'https://evil.example')
        .send({ type: 'echoForTest' });

      expect(response.status).toBe(403);
      expect(response.body).toEqual({ success: false, error: true, message: MESSAGES.forbiddenOrigin });
      expect(received).toHaveLength(0);
    });

    it('accepts a POST from the site itself', async () => {
      const host = new URL(sut.baseUrl).host;
      const response = await request(sut.baseUrl).post('/ajax/service').set('Origin', `http://${host}`).send({ type: 'echoForTest' });

      expect(response.status).toBe(200);
      expect(received).toHaveLength(1);
    });
  });

  describe('serving the client', () => {
    it('answers client routes with the app shell', async () => {
      for (const path of ['/', '/kesfet/W10=', '/profile/ayse', '/profile/ali.veli']) {
        const response = await request(sut.baseUrl).get(path).set('Accept', 'text/html');
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.text).toContain('<div id="root">');
      }
    });

    it('answers an address that is no page with 404 and the same shell, whose not-found page shows', async () => {
      for (const path of ['/no/such/page', '/dizi', '/profile/ayse/extra/more']) {
        const response = await request(sut.baseUrl).get(path).set('Accept', 'text/html');
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.headers.etag).toBeUndefined();
        expect(response.text).toContain('<div id="root">');
      }
    });

    it('lets the browser revalidate the shell with its ETag', async () => {
      const first = await request(sut.baseUrl).get('/profile/ayse').set('Accept', 'text/html');
      const again = await request(sut.baseUrl).get('/').set('Accept', 'text/html').set('If-None-Match', first.headers.etag!);

      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(again.status).toBe(304);
    });

    it('serves built assets and keeps missing ones a 404', async () => {
      const shell = await request(sut.baseUrl).get('/').set('Accept', 'text/html');
      const asset = /src="(\/assets\/[^"]+\.js)"/.exec(shell.text)?.[1];

      expect(asset).toBeDefined();
      const found = await request(sut.baseUrl).get(asset!);
      expect(found.status).toBe(200);
      expect(found.headers['cache-control']).toContain('immutable');
      for (const path of ['/assets/missing-123.js', '/assets/deeper/x', '/missing.ico']) {
        const missing = await request(sut.baseUrl).get(path).set('Accept', 'text/html');
        expect(missing.status).toBe(404);
        expect(missing.text).not.toContain('<div id="root">');
      }
    });

    it('never answers server paths with the shell', async () => {
      for (const path of ['/api/unknown', '/healthz/extra', '/ajax/service']) {
        const response = await request(sut.baseUrl).get(path).set('Accept', 'text/html');
        expect(response.status).toBe(404);
        expect(response.text).not.toContain('<div id="root">');
      }
      const socket = await request(sut.baseUrl).get('/socket.io/?EIO=4&transport=polling');
      expect(socket.text).not.toContain('<div id="root">');
    });
  });

  describe('compression and caching', () => {
    const negotiations: Array<[string, Record<string, string>, string | undefined]> = [
      ['br when the client takes it', { 'Accept-Encoding': 'gzip, deflate, br' }, 'br'],
      ['gzip when it takes only gzip', { 'Accept-Encoding': 'gzip' }, 'gzip'],
      ['gzip when br is refused', { 'Accept-Encoding': 'br;q=0, gzip' }, 'gzip'],
      ['nothing when it takes no encoding', {}, undefined],
      ['nothing for identity', { 'Accept-Encoding': 'identity' }, undefined],
    ];

    it.each(negotiations)('sends a hashed asset %s, the same bytes once decoded, cached immutable', async (_case, headers, encoding) => {
      const shell = await request(sut.baseUrl).get('/').set('Accept', 'text/html');
      const asset = /src="(\/assets\/[^"]+\.js)"/.exec(shell.text)![1]!;
      const plain = await rawGet(`${sut.baseUrl}${asset}`, {});

      const response = await rawGet(`${sut.baseUrl}${asset}`, headers);

      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(response).equals(plain.body)).toBe(true);
      if (encoding) expect(response.body.length).toBeLessThan(plain.body.length);
    });

    it.each(negotiations)('sends a JSON answer above 1 KB %s, and a small one as it is', async (_case, headers, encoding) => {
      const echo = (text: string) =>
        rawRequest('POST', `${sut.baseUrl}/ajax/service`, { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' }, `type=echoForTest&text=${encodeURIComponent(text)}`);
      const long = 'Bölüm yorumu '.repeat(200);
      const [big, small] = [await echo(long), await echo('Kısa')];

      expect(big.status).toBe(200);
      expect(big.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse(decoded(big).toString())).toEqual({ success: true, echoed: { type: 'echoForTest', text: long } });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.headers['vary']).toBeUndefined();
      expect(Number(small.headers['content-length'])).toBe(small.body.length);
      expect(JSON.parse(small.body.toString())).toEqual({ success: true, echoed: { type: 'echoForTest', text: 'Kısa' } });
    });

    it.each(negotiations)('counts the threshold in bytes: fewer than 1,024 letters of two bytes each are sent %s', async (_case, headers, encoding) => {
      const text = 'ığüşöç'.repeat(100);
      const response = await rawRequest('POST', `${sut.baseUrl}/ajax/service`, { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' }, `type=echoForTest&text=${encodeURIComponent(text)}`);

      expect(JSON.stringify({ success: true, echoed: { type: 'echoForTest', text } }).length).toBeLessThan(1024);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse(decoded(response).toString())).toEqual({ success: true, echoed: { type: 'echoForTest', text } });
    });

    it('sends the shell compressed too, but never cached immutable: it is revalidated on every visit', async () => {
      const response = await rawGet(`${sut.baseUrl}/profile/ayse`, { Accept: 'text/html', 'Accept-Encoding': 'br' });
      const plain = await rawGet(`${sut.baseUrl}/profile/ayse`, { Accept: 'text/html' });

      expect(response.headers['content-encoding']).toBe('br');
      expect(decoded(response).equals(plain.body)).toBe(true);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(plain.headers['cache-control']).toBe('no-cache');
    });

    it('gives a JSON answer under 1 KB no ETag, so a conditional request gets the body', async () => {
      // Asked twice: the full way's answer, then the read cache's.
      for (const attempt of [1, 2]) {
        const response = await rawGet(`${sut.baseUrl}/api/auth/session`, { 'If-None-Match': '*' });

        expect({ attempt, status: response.status, etag: response.headers.etag }).toEqual({ attempt, status: 200, etag: undefined });
        expect(JSON.parse(response.body.toString())).toEqual({ user: null, recaptchaSiteKey: null });
      }
    });

    it('caches the API’s answers for no one', async () => {
      for (const path of ['/api/auth/session', '/healthz']) {
        const response = await rawGet(`${sut.baseUrl}${path}`, { 'Accept-Encoding': 'br' });
        expect(response.headers['cache-control'] ?? '').not.toContain('immutable');
      }
    });
  });

  describe('/healthz', () => {
    it('reports the database, and Redis as not configured', async () => {
      const response = await request(sut.baseUrl).get('/healthz');

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ok', database: 'ok', redis: 'not-configured' });
    });
  });
});
