import { MESSAGES, type LegacyEnvelope } from '@seyirlik/shared-contracts';
import { type HttpReply, type HttpRequest, pathOf } from './http-types';

/** The JSON API lives under /api; every other path answers in the legacy envelope. */
export function isJsonApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Sends an error in the shape of the surface that was called. A legacy call that needs a login
 * answers 200 with the session flag, because legacy clients read the flag from a successful reply.
 */
export function sendError(request: HttpRequest, reply: HttpReply, status: number, message: string): void {
  if (reply.sent) return;
  if (isJsonApiPath(pathOf(request))) {
    void reply.code(status).send({ statusCode: status, message });
    return;
  }
  if (status === 401) {
    void reply.code(200).send(legacyLoginRequiredReply(message));
    return;
  }
  const body: LegacyEnvelope = { success: false, error: true, message };
  void reply.code(status).send(body);
}

/** The legacy "login required" reply: the session flag set, so a legacy client opens its login modal. */
export function legacyLoginRequiredReply(message: string = MESSAGES.loginRequired): LegacyEnvelope {
  return { success: false, session: true, message };
}
