import { MESSAGES } from '@seyirlik/shared-contracts';
import request from 'supertest';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { buildCatalogFile, buildSeries } from '../factories/catalog';
import { startTestApp, type TestApp } from '../support/test-app';

/** Collects a body as bytes whatever its type (supertest parses only the types it knows). */
const asBytes = (response: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('catalog media', () => {
  let sut: TestApp;
  const hostile = buildSeries({ name: '<script>alert("x")</script> & Şeker', originalName: 'Şeker' });

  beforeAll(async () => {
    sut = await startTestApp();
    await sut.server.app.get(CatalogImportService).import(buildCatalogFile([hostile]));
  });

  afterAll(() => sut.close());

  describe('drawn posters', () => {
    it('serve a cacheable SVG at /media/posters/<slug>.svg with the name escaped', async () => {
      const response = await request(sut.baseUrl).get(`/media/posters/${hostile.slug}.svg`).buffer(true).parse(asBytes);
      const svg = (response.body as Buffer).toString('utf8');

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'");
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).not.toContain('<script');
      expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    });

    it.each(['kayip-dizi.svg', `${'x'.repeat(5)}.png`, 'Buyuk-Harf.svg', '..%2Fsecret.svg'])('answer 404 for %s', async (file) => {
      const response = await request(sut.baseUrl).get(`/media/posters/${file}`);

      expect(response.status).toBe(404);
      expect(response.body.message).toBe(MESSAGES.notFound);
    });
  });

  describe('demo clips at /media/demo/', () => {
    it.each([
      ['pattern.mp4', 'video/mp4'],
      ['pattern.m3u8', 'application/vnd.apple.mpegurl'],
      ['pattern-0.ts', 'video/mp2t'],
      ['ad-first.jpg', 'image/jpeg'],
    ])('serves %s as %s with a long cache', async (file, type) => {
      const response = await request(sut.baseUrl).get(`/media/demo/${file}`).buffer(true).parse(asBytes);

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['cache-control']).toBe('public, max-age=2592000');
      expect((response.body as Buffer).length).toBeGreaterThan(100);
    });

    it('serves the HLS playlist with its segments beside it', async () => {
      const playlist = await request(sut.baseUrl).get('/media/demo/fractal.m3u8').buffer(true).parse(asBytes);
      const segments = (playlist.body as Buffer).toString('utf8').split('\n').filter((line) => line.endsWith('.ts'));

      expect(segments).toEqual(['fractal-0.ts', 'fractal-1.ts']);
      for (const segment of segments) expect((await request(sut.baseUrl).head(`/media/demo/${segment}`)).status).toBe(200);
    });

    it('answers a byte range of an MP4, for seeking', async () => {
      const response = await request(sut.baseUrl).get('/media/demo/bars.mp4').set('Range', 'bytes=0-99').buffer(true).parse(asBytes);

      expect(response.status).toBe(206);
      expect(response.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
      expect((response.body as Buffer).length).toBe(100);
    });

    it.each(['missing.mp4', '..%2Fcatalog.json', '.hidden.mp4', 'pattern.MP4'])('answers 404 for %s', async (file) => {
      expect((await request(sut.baseUrl).get(`/media/demo/${file}`)).status).toBe(404);
    });
  });
});
