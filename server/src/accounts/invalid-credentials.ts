import { HttpStatus } from '@nestjs/common';
import { ACCOUNT_MESSAGES as M, type LegacyEnvelope } from '@seyirlik/shared-contracts';
import { AppException } from '../platform/http/app-exception';
import type { HttpReply } from '../platform/http/http-types';

/**
 * A login with an unknown user name or e-mail address, or a wrong password: an authentication
 * failure, so 401 with its Turkish message. It is not a missing session: nobody was logged in.
 */
export class InvalidCredentialsException extends AppException {
  constructor() {
    super(HttpStatus.UNAUTHORIZED, M.invalidCredentials);
  }
}

/**
 * The legacy login's answer to wrong credentials: the seed's error reply (`success: false`, the
 * error flag and the message, as every failed legacy call answers) with the status 401. The legacy
 * error path answers any other 401 with the session flag, which sends a legacy client to its login
 * modal: right for a write without a session, wrong for a login that was refused.
 */
export function answerInvalidCredentials(response: HttpReply): LegacyEnvelope {
  response.code(HttpStatus.UNAUTHORIZED);
  return { success: false, error: true, message: M.invalidCredentials };
}
