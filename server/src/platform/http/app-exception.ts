import { HttpException, HttpStatus } from '@nestjs/common';
import { MESSAGES } from '@seyirlik/shared-contracts';
import type { z } from 'zod';

/**
 * An error a person should read: its message is Turkish and is sent as is.
 * The JSON API answers with the status; the legacy API with its envelope.
 */
export class AppException extends HttpException {
  constructor(status: HttpStatus, message: string) {
    super({ message }, status);
  }
}

/** Any write by a visitor: 401 on the JSON API, the session flag on the legacy API. */
export class LoginRequiredException extends AppException {
  constructor() {
    super(HttpStatus.UNAUTHORIZED, MESSAGES.loginRequired);
  }
}

/**
 * Parses request input with a shared schema. The first problem's message is the answer, so
 * schemas carry their Turkish texts; zod's own English defaults are replaced by a general one.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // A schema's own message wins over the per-parse one, so only zod's English defaults are replaced.
  const result = schema.safeParse(input, { error: () => MESSAGES.invalidInput });
  if (result.success) return result.data;
  throw new AppException(HttpStatus.BAD_REQUEST, result.error.issues[0]?.message ?? MESSAGES.invalidInput);
}
