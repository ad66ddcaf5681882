import { z } from 'zod';
import { idSchema, wholeNumber } from '../platform/input';
import { NOTIFICATION_MESSAGES as M } from './messages';
import { NOTIFICATION_KINDS, NOTIFICATION_RULES as R } from './rules';

export const notificationIdSchema = idSchema(M.idInvalid);

/** A page of the list, newest first, from 1; missing means the first. */
export const notificationPageSchema = z.preprocess(
  (value) => (value === undefined || value === '' ? 1 : value),
  wholeNumber(M.pageInvalid, { min: 1, max: R.maxPage }),
);

/** GET /api/notifications?page=N */
export const notificationListQuerySchema = z.looseObject({ page: notificationPageSchema });

/** The last sequence a client holds of the member's notification stream (0 for none). */
export const notificationCursorSchema = z.preprocess(
  (value) => (value === undefined || value === '' ? 0 : value),
  wholeNumber(M.cursorInvalid, { min: 0, max: Number.MAX_SAFE_INTEGER }),
);

/** GET /api/notifications/after?after=SEQ */
export const notificationsAfterQuerySchema = z.looseObject({ after: notificationCursorSchema });

/** PUT /api/notifications/mutes: the kinds the member does not want, all at once (distinct). */
export const notificationMutesBodySchema = z.object({
  muted: z
    .array(z.enum(NOTIFICATION_KINDS, { error: M.mutesInvalid }), { error: M.mutesInvalid })
    .max(NOTIFICATION_KINDS.length, { error: M.mutesInvalid })
    .transform((kinds) => [...new Set(kinds)]),
});
export type NotificationMutesBody = z.input<typeof notificationMutesBodySchema>;
