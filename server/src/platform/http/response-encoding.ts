import { hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { onSendHookHandler } from 'fastify';

/** The Content-Type Fastify's serializer gives a JSON answer. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * How hard a body is compressed:
 * - 'stored': compressed once and sent many times (a read cache entry, the app shell), so a
 *   smaller copy is worth more CPU: brotli quality 5 (11, its default, costs far more for a few %
 *   less), gzip level 6.
 * - 'once': made for one answer and seldom sent again (a live search's, most of which are asked
 *   once), where the compression is paid by that answer's latency: brotli quality 2 and gzip level
 *   1. On a live search's 1.7 KB answer brotli 2 takes about half the time of 5 for some 40 bytes
 *   more; on a 29 KB answer brotli 2 takes 40% of 5's time and gzip 1 a third of 6's, for about a
 *   fifth more bytes.
 * The full way's answers are compressed as stored ones are, unless their public read asks for
 * 'once' (PublicReadOptions.compression): a public read's first answer is then the same bytes as
 * the read cache, or the front, sends it afterwards.
 */
export type CompressionEffort = 'stored' | 'once';

const BROTLI_QUALITY: Record<CompressionEffort, number> = { stored: 5, once: 2 };
const GZIP_LEVEL: Record<CompressionEffort, number> = { stored: 6, once: 1 };

export type Encoding = 'br' | 'gzip';

/**
 * The weak ETag Express gave a body: its length and SHA-1, so a client's stored tags stay valid.
 * Hashed in one call: a Hash object per answer took twice the time for a small body, and each
 * such object (held by native code until a collection) made young-generation collections longer.
 */
export function weakEtag(body: Buffer | string, length = byteLengthOf(body)): string {
  return `W/"${length.toString(16)}-${hash('sha1', body, 'base64').substring(0, 27)}"`;
}

/**
 * The ETag an answer made in memory carries: its weak ETag from COMPRESSION_THRESHOLD_BYTES on,
 * none under. A 304 to a small answer saves a few hundred bytes on a round trip made anyway, and
 * hashing every one cost the uncached session read about a tenth of its server CPU (some 10 µs of
 * 105, the builds with and without measured in turns at 100 clients).
 */
export function answerEtag(body: Buffer | string, length = byteLengthOf(body)): string | null {
  return length < COMPRESSION_THRESHOLD_BYTES ? null : weakEtag(body, length);
}

/** A body's length in bytes (a text's as UTF-8). */
function byteLengthOf(body: Buffer | string): number {
  return typeof body === 'string' ? Buffer.byteLength(body) : body.length;
}

/** Whether the client's stored copy (If-None-Match) is still `etag`; Cache-Control: no-cache asks for the body anyway. */
export function isFresh(headers: IncomingHttpHeaders, etag: string): boolean {
  const match = headers['if-none-match'];
  if (!match) return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(headers['cache-control'] ?? '')) return false;
  if (match.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** How much a client takes each encoding (0: not at all). */
type EncodingQualities = (encoding: Encoding) => number;

/** The Accept-Encoding headers read last: browsers send a handful of them, so most are read once. */
const READ_HEADERS_LIMIT = 64;
const readHeaders = new Map<string, EncodingQualities>();

/** How much a client takes each encoding, from its Accept-Encoding header (0: not at all). */
function encodingQualities(acceptEncoding: string | string[]): EncodingQualities {
  const header = String(acceptEncoding);
  const known = readHeaders.get(header);
  if (known !== undefined) return known;
  const qualities = readEncodingQualities(header);
  if (readHeaders.size >= READ_HEADERS_LIMIT) readHeaders.delete(readHeaders.keys().next().value!);
  readHeaders.set(header, qualities);
  return qualities;
}

function readEncodingQualities(header: string): EncodingQualities {
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.trim().split(';');
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  return (name) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0);
}

/** The encoding to send for an Accept-Encoding header: brotli, then gzip, unless refused with q=0. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const quality = encodingQualities(acceptEncoding);
  const br = quality('br');
  const gzip = quality('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** zlib's default output buffer, and the smallest it takes. */
const ZLIB_CHUNK_BYTES = 16 * 1024;
const ZLIB_MIN_CHUNK_BYTES = 64;

/**
 * `body` compressed with `encoding`, as hard as `effort` says. The result may be a view of a larger
 * buffer: hand it to ownCopy before keeping it.
 *
 * zlib writes into an output buffer of `chunkSize` bytes, 16 KB by default, and the result is a
 * view of it. Each such buffer is memory outside V8's heap, which V8 counts: a server compressing
 * a few thousand small answers a second made 16 KB of it per answer, and V8 answered that with a
 * full collection every few hundred milliseconds. A buffer the size of the body (which its
 * compressed copy does not outgrow, but for a few bytes zlib then adds in a second one) comes from
 * Node's pool of small buffers when it is small.
 */
export function compress(body: Buffer, encoding: Encoding, effort: CompressionEffort = 'stored'): Buffer {
  const chunkSize = Math.min(Math.max(body.length, ZLIB_MIN_CHUNK_BYTES), ZLIB_CHUNK_BYTES);
  return encoding === 'br'
    ? brotliCompressSync(body, {
        chunkSize,
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(body, { chunkSize, level: GZIP_LEVEL[effort] });
}

/**
 * `buffer` in memory of its own, exactly its size, for keeping: a view of a larger buffer (zlib's
 * output, a slice of Node's pool) would keep all of that alive, unseen by any count of bytes held.
 */
export function ownCopy(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

/** Text that compresses well: JSON, HTML, CSS, JavaScript, SVG. */
export function isCompressible(contentType: string | undefined): boolean {
  return contentType !== undefined && /^(?:application\/(?:json|javascript)|text\/|image\/svg\+xml)/i.test(contentType);
}

/** A body kept in memory and sent many times, with its compressed copies made once each, at the first request that takes one. */
export interface StoredBody {
  body: Buffer;
  encoded?: Partial<Record<Encoding, Buffer>>;
  /**
   * Sent this once and then let go (a title page held gzipped, asked once): a copy in `encoded` that
   * the client takes is sent as it is, instead of making the client's preferred encoding for one
   * answer (every browser prefers brotli, and compressing a page per request cost more than
   * everything else the answer does). The copy is made of the body as it is, so it was at least
   * COMPRESSION_THRESHOLD_BYTES long.
   */
  sentOnce?: boolean;
  /** How hard its copies are compressed: 'stored' unless it was made for one request and is seldom sent again (a live search's answer). */
  effort?: CompressionEffort;
}

/** How a body of `length` bytes goes to a client: whether the answer varies with Accept-Encoding, and the encoding to send (null: as it is). */
export function encodingFor(length: number, acceptEncoding: string | string[] | undefined): { vary: boolean; encoding: Encoding | null } {
  if (length < COMPRESSION_THRESHOLD_BYTES) return { vary: false, encoding: null };
  return { vary: true, encoding: negotiateEncoding(acceptEncoding) };
}

/** A copy of `stored` made already in an encoding the client takes, preferred as negotiateEncoding prefers. */
function heldEncodingFor(stored: StoredBody, acceptEncoding: string | string[] | undefined): Encoding | null {
  if (!acceptEncoding || stored.encoded === undefined) return null;
  const quality = encodingQualities(acceptEncoding);
  const held = (['br', 'gzip'] as const).filter((encoding) => stored.encoded![encoding] !== undefined && quality(encoding) > 0);
  return held.sort((a, b) => quality(b) - quality(a))[0] ?? null;
}

/**
 * A stored body as the client takes it: compressed (made once per encoding) from the threshold on
 * when it accepts that; a body sent once goes in a copy it holds when the client takes one.
 */
export function storedBodyFor(
  stored: StoredBody,
  acceptEncoding: string | string[] | undefined,
): { body: Buffer; vary: boolean; encoding: Encoding | null } {
  if (stored.sentOnce) {
    const held = heldEncodingFor(stored, acceptEncoding);
    if (held !== null) return { body: stored.encoded![held]!, vary: true, encoding: held };
  }
  const { vary, encoding } = encodingFor(stored.body.length, acceptEncoding);
  if (encoding === null) return { body: stored.body, vary, encoding };
  stored.encoded ??= {};
  return { body: (stored.encoded[encoding] ??= ownCopy(compress(stored.body, encoding, stored.effort))), vary, encoding };
}

/** Adds Accept-Encoding to a reply's Vary header. */
export function varyOnEncoding(headers: { getHeader(name: string): unknown; header(name: string, value: string): unknown }): void {
  const vary = headers.getHeader('vary');
  if (typeof vary !== 'string' || vary === '') headers.header('vary', 'Accept-Encoding');
  else if (!/accept-encoding/i.test(vary)) headers.header('vary', `${vary}, Accept-Encoding`);
}

/**
 * What every answer made in memory (JSON, the legacy replies, SVG posters) goes through last: a
 * 200 GET of COMPRESSION_THRESHOLD_BYTES or more gets the weak ETag Express gave it (answerEtag)
 * and answers a client that has it 304 with no body;
 * a body of COMPRESSION_THRESHOLD_BYTES or more of a text type is sent br or gzip when the client
 * accepts it, as hard as a stored copy or as its public read asks (the read cache keeps the plain
 * body and makes the same bytes of it). Streams (files) are left as they are: the static handler sends precompressed ones.
 */
export const encodeReply: onSendHookHandler = (request, reply, payload, done) => {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
  const length = byteLengthOf(payload);
  if ((request.method === 'GET' || request.method === 'HEAD') && reply.statusCode === 200) {
    const given = reply.getHeader('etag');
    const etag = typeof given === 'string' ? given : answerEtag(payload, length);
    if (etag !== null && etag !== given) reply.header('etag', etag);
    if (etag !== null && isFresh(request.headers, etag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      // No body; for HEAD an ended stream, which Fastify's HEAD handling drains without adding a Content-Length.
      return done(null, request.method === 'HEAD' ? Readable.from([]) : null);
    }
  }
  const status = reply.statusCode;
  // Under the threshold a body goes as it is, a text too: Node writes a text with the head in one
  // piece, where a Buffer made of it here was a second one. The uncached session read took 110 µs
  // of the server's CPU instead of 122 (the two builds measured in turns at 100 clients).
  const { vary, encoding } = encodingFor(length, request.headers['accept-encoding']);
  if (!vary || status === 204 || status === 304 || reply.hasHeader('content-encoding') || !isCompressible(reply.getHeader('content-type') as string | undefined)) {
    return done(null, payload);
  }
  varyOnEncoding(reply);
  if (encoding === null) return done(null, payload);
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  // Encoded once here: the socket then writes these bytes as they are.
  done(null, compress(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding, request.routeOptions.config.publicRead?.compression));
};
