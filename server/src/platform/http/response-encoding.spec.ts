import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { compress, COMPRESSION_THRESHOLD_BYTES, negotiateEncoding, ownCopy, storedBodyFor, type StoredBody } from './response-encoding';

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

  it('answers each header the same however often, and among many others, it was read before', () => {
    const headers = Array.from({ length: 200 }, (_, at) => (at % 2 === 0 ? `gzip;q=0.${(at % 9) + 1}, br;q=0.${at % 10}, x-${at}` : `br;q=0, gzip, x-${at}`));
    const first = headers.map((header) => negotiateEncoding(header));
    const again = headers.map((header) => negotiateEncoding(header));

    expect(again).toEqual(first);
    expect(first[1]).toBe('gzip');
    expect(first[0]).toBe('gzip');
    expect(negotiateEncoding(BROWSER)).toBe('br');
  });
});

describe('compress', () => {
  it.each(['br', 'gzip'] as const)('makes %s a client decodes, at either effort', (encoding) => {
    const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;
    expect(decode(compress(json, encoding))).toEqual(json);
    expect(decode(compress(json, encoding, 'once'))).toEqual(json);
  });

  it.each(['br', 'gzip'] as const)('compresses a stored body (sent many times) harder than one made for one answer, with %s', (encoding) => {
    // Varied text, as a page of titles is: on a body this repetitive every level finds the same.
    const words = ['gece', 'kara', 'gölge', 'saat', 'ışık', 'yol', 'deniz', 'rüzgâr', 'bekçi', 'sır'];
    const titles = Array.from({ length: 60 }, (_, at) => ({ name: `${words[(at * 7) % 10]} ${words[(at * 3 + 1) % 10]} ${(at * 7919) % 1000}`, year: 1990 + ((at * 13) % 35) }));
    const varied = Buffer.from(JSON.stringify({ titles }));

    expect(compress(varied, encoding, 'stored').length).toBeLessThan(compress(varied, encoding, 'once').length);
    expect(compress(varied, encoding)).toEqual(compress(varied, encoding, 'stored'));
  });

  it.each(['br', 'gzip'] as const)('writes a small body\'s %s into a buffer the size of the body, not zlib\'s 16 KB one', (encoding) => {
    expect(json.length).toBeLessThan(4096);
    expect(compress(json, encoding).buffer.byteLength).toBeLessThanOrEqual(8192);
  });

  it('compresses a body larger than zlib\'s output buffer whole', () => {
    const large = Buffer.from(JSON.stringify(Array.from({ length: 8000 }, (_, at) => ({ at, hash: (at * 2_654_435_761) % 4_294_967_296 }))));
    expect(large.length).toBeGreaterThan(64 * 1024);
    expect(brotliDecompressSync(compress(large, 'br', 'once'))).toEqual(large);
    expect(gunzipSync(compress(large, 'gzip'))).toEqual(large);
  });
});

describe('ownCopy', () => {
  it('copies a view of a larger buffer into memory of its own, exactly its size', () => {
    const whole = Buffer.from('0123456789');
    const view = whole.subarray(2, 5);
    const copy = ownCopy(view);

    expect(copy).toEqual(Buffer.from('234'));
    expect(copy.buffer.byteLength).toBe(3);
    whole[2] = 0x41;
    expect(copy.toString()).toBe('234');
  });

  it('gives back a buffer that is already all of its memory', () => {
    const alone = Buffer.allocUnsafeSlow(4).fill(1);
    expect(ownCopy(alone)).toBe(alone);
  });
});

describe('storedBodyFor', () => {
  it('keeps each compressed copy in memory of its own', () => {
    const stored: StoredBody = { body: json };
    storedBodyFor(stored, BROWSER);
    storedBodyFor(stored, 'gzip');

    for (const copy of [stored.encoded!.br!, stored.encoded!.gzip!]) expect(copy.buffer.byteLength).toBe(copy.length);
  });

  it('compresses with the effort the body asks for, harder by default', () => {
    const once = storedBodyFor({ body: json, effort: 'once' }, BROWSER);
    const stored = storedBodyFor({ body: json }, BROWSER);

    expect(once.body).toEqual(compress(json, 'br', 'once'));
    expect(stored.body).toEqual(compress(json, 'br', 'stored'));
    expect(brotliDecompressSync(once.body)).toEqual(json);
  });

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
