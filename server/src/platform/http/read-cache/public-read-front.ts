import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { isFresh, JSON_CONTENT_TYPE, storedBodyFor, type StoredBody } from '../response-encoding';
import type { FrontAnswer, FrontRead, FrontReads, FrontRequest } from './front-reads';
import { carriesSessionCookie, type PublicReadCache } from './public-read-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the front answered the request (see answeredAtFront). */
    answeredAtFront: boolean;
  }
}

/**
 * Whether the front answered this request (from the read cache, or a feature's FrontRead): such a
 * request writes no request log line. A flag every request has from the start
 * (installPublicReadFront), not a WeakSet of the requests answered: each request added to one
 * went through V8's slow write barrier for weak tables, and every young-generation collection
 * then went through the table's entries, together some 2 % of the samples of a profile of the
 * server answering title pages not asked lately.
 */
export function answeredAtFront(request: FastifyRequest): boolean {
  return request.answeredAtFront;
}

/**
 * Answers GET and HEAD of a public read before anything else runs (request log, body reading, the
 * Nest pipeline), straight on the socket: from the read cache when it holds the URL, else with the
 * read of the feature that registered the route (FrontReads) when it can answer. With what the
 * normal path sends (encodeReply): Content-Type, Content-Length, the same ETag (304 to a client
 * that has it), and the same compression, each encoding of a cached entry made once. Everything
 * else goes on untouched.
 */
export function publicReadFront(cache: PublicReadCache, frontReads: FrontReads): onRequestHookHandler {
  return (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const found = cache.lookup(request.url);
    if (found.kind === 'hit') {
      const { entry } = found;
      if (entry.visitorsOnly && carriesSessionCookie(request.headers.cookie)) return done();
      return send(request, reply, entry, entry.etag);
    }
    const registered = frontReads.for(request.routeOptions.url);
    if (registered === undefined) return done();
    // As the full way's store does: an answer read while the cache was cleared is not kept.
    const generation = cache.generation;
    const finish = (answer: FrontAnswer | null) => {
      if (answer === null) return done();
      if (registered.keptInReadCache && answer.keep !== false && request.method === 'GET') cache.store(request.url, { body: answer.body, etag: answer.etag, encoded: answer.encoded, visitorsOnly: false }, generation);
      send(request, reply, answer, answer.etag);
    };
    // A read that cannot answer, or fails, lets the request go the full way, which says why.
    let answer: ReturnType<FrontRead>;
    try {
      answer = registered.read({ query: request.query as FrontRequest['query'], params: request.params as FrontRequest['params'] });
    } catch {
      return done();
    }
    if (answer === null || !('then' in answer)) return finish(answer);
    answer.then(finish, () => done());
  };
}

/** Sends `stored` as a 200 JSON answer with `etag` (a 304 to a client that has it), compressed as the client takes it. */
function send(request: FastifyRequest, reply: FastifyReply, stored: StoredBody, etag: string | null): void {
  reply.hijack();
  request.answeredAtFront = true;
  const raw = reply.raw;
  if (etag !== null && isFresh(request.headers, etag)) {
    raw.writeHead(304, { etag });
    raw.end();
    return;
  }
  const headers: OutgoingHttpHeaders = { 'content-type': JSON_CONTENT_TYPE };
  if (etag !== null) headers.etag = etag;
  const { body, vary, encoding } = storedBodyFor(stored, request.headers['accept-encoding']);
  if (vary) headers.vary = 'Accept-Encoding';
  if (encoding !== null) headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  raw.writeHead(200, headers);
  raw.end(request.method === 'HEAD' ? undefined : body);
}

/** Installs the front as the app's first hook. */
export function installPublicReadFront(http: FastifyInstance, cache: PublicReadCache, frontReads: FrontReads): void {
  http.decorateRequest('answeredAtFront', false);
  http.addHook('onRequest', publicReadFront(cache, frontReads));
}
