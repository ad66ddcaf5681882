import { MESSAGES } from '@seyirlik/shared-contracts';
import type { onRequestHookHandler } from 'fastify';
import { sendError } from './error-reply';
import { isAllowedOrigin } from './origin-policy';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses state-changing requests sent by a page of another site (CSRF), with 403, before their body is read. */
export function originCheck(publicOrigin: string | null): onRequestHookHandler {
  return (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || isAllowedOrigin(request.headers.origin, request.headers.host, publicOrigin)) return done();
    sendError(request, reply, 403, MESSAGES.forbiddenOrigin);
  };
}
