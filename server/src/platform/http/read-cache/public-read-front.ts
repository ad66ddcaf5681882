import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { isFresh, storedBodyFor } from '../response-encoding';
import { carriesSessionCookie, type PublicReadCache } from './public-read-cache';

/** What a JSON answer carries on the normal path, so a cached answer carries the same Content-Type. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The requests the front answered: they write no request log line (see answeredFromCache). */
const answered = new WeakSet<object>();

/** Whether the front answered this request from the cache. */
export function answeredFromCache(request: { raw: object }): boolean {
  return answered.has(request.raw);
}

/**
 * Answers GET and HEAD of a cached public read before anything else runs (request log, body
 * reading, the Nest pipeline), straight on the socket, with what the normal path sends
 * (encodeReply): Content-Type, Content-Length, the same ETag (304 to a client that has it), and
 * the same compression, each encoding made once per entry. Everything else goes on untouched.
 */
export function publicReadFront(cache: PublicReadCache): onRequestHookHandler {
  return (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const found = cache.lookup(request.url);
    if (found.kind === 'miss') return done();
    const { entry } = found;
    if (entry.visitorsOnly && carriesSessionCookie(request.headers.cookie)) return done();
    reply.hijack();
    answered.add(request.raw);
    const raw = reply.raw;
    if (entry.etag !== null && isFresh(request.headers, entry.etag)) {
      raw.writeHead(304, { etag: entry.etag });
      raw.end();
      return;
    }
    const headers: OutgoingHttpHeaders = { 'content-type': JSON_CONTENT_TYPE };
    if (entry.etag !== null) headers.etag = entry.etag;
    const { body, vary, encoding } = storedBodyFor(entry, request.headers['accept-encoding']);
    if (vary) headers.vary = 'Accept-Encoding';
    if (encoding !== null) headers['content-encoding'] = encoding;
    headers['content-length'] = body.length;
    raw.writeHead(200, headers);
    raw.end(request.method === 'HEAD' ? undefined : body);
  };
}

/** Installs the front as the app's first hook, when the cache is on. */
export function installPublicReadFront(http: FastifyInstance, cache: PublicReadCache): void {
  if (cache.enabled) http.addHook('onRequest', publicReadFront(cache));
}
