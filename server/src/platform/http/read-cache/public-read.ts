import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerEtag, type CompressionEffort, JSON_CONTENT_TYPE } from '../response-encoding';
import { carriesSessionCookie, type PublicReadCache } from './public-read-cache';

export interface PublicReadOptions {
  /**
   * The answer is the same for every visitor but not for members (the session): it is cached for,
   * and served to, requests without the session cookie only.
   */
  visitorsOnly?: boolean;
  /**
   * How hard its answers are compressed, the full way's and the read cache's copies alike:
   * 'once' for a read asked with ever new queries, most of them once (the live search).
   */
  compression?: CompressionEffort;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by @PublicRead: the route's answers go to the PublicReadCache. */
    publicRead?: PublicReadOptions;
  }
}

/**
 * Marks a GET handler whose answer depends on the catalog alone (never on the viewer, unless
 * `visitorsOnly`): its 200 answers are kept in the PublicReadCache and served from memory by the
 * front hook. Only for handlers that return a JSON value and set no header.
 */
export const PublicRead = (options: PublicReadOptions = {}) => RouteConfig({ publicRead: options });

/**
 * Stores the answers of @PublicRead routes: the cache's generation is taken before the handler
 * reads the database (a clear() during the read voids the answer), and the answer as sent, with
 * its ETag, once it is serialized, when it is a plain 200 JSON answer with no header of the
 * handler's own, which the front would not repeat. Installed when the cache is on.
 */
export function installPublicReadStore(http: FastifyInstance, cache: PublicReadCache): void {
  if (!cache.enabled) return;
  const generations = new WeakMap<FastifyRequest, number>();
  http.addHook('preHandler', (request, _reply, done) => {
    const options = request.routeOptions.config.publicRead;
    if (options && request.method === 'GET' && !(options.visitorsOnly && carriesSessionCookie(request.headers.cookie))) {
      generations.set(request, cache.generation);
    }
    done();
  });
  http.addHook('onSend', (request, reply, payload, done) => {
    const generation = generations.get(request);
    if (generation === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    const headers = Object.keys(reply.getHeaders());
    if (headers.some((name) => name !== 'content-type') || reply.getHeader('content-type') !== JSON_CONTENT_TYPE) return done(null, payload);
    const body = Buffer.from(payload);
    const etag = answerEtag(body);
    const options = request.routeOptions.config.publicRead;
    cache.store(request.url, { body, etag, visitorsOnly: options?.visitorsOnly ?? false, effort: options?.compression }, generation);
    // The same tag encodeReply would compute, and the bytes it would encode, each made once.
    if (etag !== null) reply.header('etag', etag);
    done(null, body);
  });
}
