import { MESSAGES } from '@seyirlik/shared-contracts';
import type { RequestHandler } from 'express';
import { sendError } from './error-reply';
import { isAllowedOrigin } from './origin-policy';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses state-changing requests sent by a page of another site (CSRF), with 403. */
export function originCheck(publicOrigin: string | null): RequestHandler {
  return (request, response, next) => {
    if (SAFE_METHODS.has(request.method)) return next();
    if (isAllowedOrigin(request.headers.origin, request.headers.host, publicOrigin)) return next();
    sendError(request, response, 403, MESSAGES.forbiddenOrigin);
  };
}
