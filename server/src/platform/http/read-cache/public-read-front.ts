import type { Express, RequestHandler } from 'express';
import { carriesSessionCookie, type PublicReadCache } from './public-read-cache';

/** What Express's res.json sends, so a cached answer carries the same Content-Type. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Answers GET and HEAD of a cached public read before anything else runs (request log, client
 * serving, the Nest pipeline), with the headers the normal path sends: Content-Type, Content-Length
 * and the same ETag; res.send answers a matching If-None-Match with 304 and HEAD without a body,
 * as it does for the normal path. Everything else falls through untouched.
 */
export function publicReadFront(cache: PublicReadCache): RequestHandler {
  return (request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const found = cache.lookup(request.url);
    if (found.kind === 'miss') return next();
    const { entry } = found;
    if (entry.visitorsOnly && carriesSessionCookie(request.headers.cookie)) return next();
    response.setHeader('Content-Type', JSON_CONTENT_TYPE);
    if (entry.etag !== null) response.setHeader('ETag', entry.etag);
    response.send(entry.body);
  };
}

/** Installs the front as the app's first handler, when the cache is on. */
export function installPublicReadFront(http: Express, cache: PublicReadCache): void {
  if (cache.enabled) http.use(publicReadFront(cache));
}
