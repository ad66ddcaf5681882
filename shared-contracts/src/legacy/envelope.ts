import { z } from 'zod';
import { boundedString } from '../platform/input';
import { MESSAGES } from '../platform/messages';

/**
 * The reply every legacy POST call answers with (§7): `success`, `error`, `session`, `message`,
 * plus the call's own fields (`theme`, `link`, `status`, ...), which pass through unchanged.
 */
export const legacyEnvelopeSchema = z.looseObject({
  /** True when the call did what was asked. */
  success: z.boolean(),
  /** True when the call failed; `message` then says why. */
  error: z.boolean().optional(),
  /** True when the call needs a logged-in member: the client opens its login modal. */
  session: z.boolean().optional(),
  /** A Turkish text for the person, shown as a notification. */
  message: z.string().optional(),
});

export type LegacyEnvelope = z.infer<typeof legacyEnvelopeSchema>;

/** The one field `/ajax/service` dispatches on; the rest of the body belongs to that type. */
export const ajaxServiceRequestSchema = z.looseObject({
  type: boundedString(MESSAGES.missingServiceType, MESSAGES.unknownServiceType, 64).trim().min(1, { error: MESSAGES.missingServiceType }),
});

/**
 * Reply of GET /readyz (and its alias /healthz): 200 while the database answers, 503 when it does
 * not. Redis away is `degraded`, still ready: HTTP keeps working from PostgreSQL.
 */
export const healthSchema = z.object({
  /** `ok`; `degraded` when Redis does not answer; `unavailable` when the database does not. */
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: z.enum(['ok', 'down']),
  redis: z.enum(['ok', 'down', 'not-configured']),
});

export type Health = z.infer<typeof healthSchema>;

/** Reply of GET /livez: the process answers; no dependency is asked. */
export const livenessSchema = z.object({
  status: z.literal('ok'),
});

export type Liveness = z.infer<typeof livenessSchema>;

/** A legacy body's fields: a body that is not an object (a JSON list or text) has none. */
export function legacyFieldsOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}
