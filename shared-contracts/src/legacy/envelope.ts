import { z } from 'zod';

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
  type: z.string().trim().min(1).max(64),
});

/** Reply of GET /healthz. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'down']),
  redis: z.enum(['ok', 'down', 'not-configured']),
});

export type Health = z.infer<typeof healthSchema>;
