import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { COMPRESSION_THRESHOLD_BYTES, negotiateEncoding, storedBodyFor, type StoredBody } from './response-encoding';

/** What Chromium, Firefox and Safari send. */
const BROWSER = 'gzip, deflate, br, zstd';
const json = Buffer.from(JSON.stringify({ episodes: Array.from({ length: 40 }, (_, at) => ({ number: at + 1, name: `Bölüm ${at + 1}` })) }));

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    [BROWSER, 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
  ])('answers %p with %p', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('storedBodyFor', () => {
  it('makes the encoding the client prefers once, and sends that copy again', () => {
    const stored: StoredBody = { body: json };
    const first = storedBodyFor(stored, BROWSER);
    const second = storedBodyFor(stored, BROWSER);

    expect(first).toMatchObject({ vary: true, encoding: 'br' });
    expect(brotliDecompressSync(first.body)).toEqual(json);
    expect(second.body).toBe(first.body);
  });

  it('sends a body below the threshold as it is, not varying with Accept-Encoding', () => {
    const short = Buffer.from('{"ok":true}');
    expect(short.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(storedBodyFor({ body: short }, BROWSER)).toEqual({ body: short, vary: false, encoding: null });
  });

  describe('a body sent once', () => {
    const gzip = gzipSync(json);
    const sentOnce = (): StoredBody => ({ body: json, encoded: { gzip }, sentOnce: true });

    it('goes in the copy it holds when the client takes it, though the client prefers another', () => {
      const stored = sentOnce();
      const answer = storedBodyFor(stored, BROWSER);

      expect(answer).toEqual({ body: gzip, vary: true, encoding: 'gzip' });
      expect(stored.encoded).toEqual({ gzip });
    });

    it('goes in the held copy the client takes most, by its q-values', () => {
      const br = Buffer.from('held brotli');
      expect(storedBodyFor({ body: json, encoded: { gzip, br }, sentOnce: true }, 'gzip;q=1, br;q=0.8').encoding).toBe('gzip');
      expect(storedBodyFor({ body: json, encoded: { gzip, br }, sentOnce: true }, BROWSER).body).toBe(br);
    });

    it('is made as the client takes it when it refuses the held copy, or takes none', () => {
      const refused = storedBodyFor(sentOnce(), 'gzip;q=0, br');
      expect(refused.encoding).toBe('br');
      expect(brotliDecompressSync(refused.body)).toEqual(json);
      expect(storedBodyFor(sentOnce(), undefined)).toEqual({ body: json, vary: true, encoding: null });
      expect(storedBodyFor(sentOnce(), 'identity')).toEqual({ body: json, vary: true, encoding: null });
    });

    it('reads the body only when the client takes no held copy', () => {
      let reads = 0;
      let body: Buffer | undefined;
      const stored: StoredBody = {
        get body() {
          if (body === undefined) reads += 1;
          return (body ??= gunzipSync(gzip));
        },
        encoded: { gzip },
        sentOnce: true,
      };
      storedBodyFor(stored, BROWSER);
      expect(reads).toBe(0);
      expect(storedBodyFor(stored, undefined).body).toEqual(json);
      expect(reads).toBe(1);
    });
  });
});
