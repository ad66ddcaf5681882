import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../accounts/messages';
import { boundedString } from '../platform/input';
import { BADGE_MESSAGES as M } from './messages';
import { badgePageSchema } from './schemas';

/** Longer than any username: a longer one names nobody. */
const USERNAME_MAX_UNITS = 40;

// The badges' legacy call (§7), with the seed's field names.

/**
 * `/user/badges/load`: `page` from 1 (newest first); `me` 1 lists the caller's own badges (a
 * visitor gets the session flag), otherwise (`me` missing, empty or 0) `username` names the member
 * whose badges are listed, for anyone. Answers `count`, the badges on the page, and `theme`.
 */
export const legacyBadgesLoadSchema = z
  .looseObject({
    page: badgePageSchema,
    me: z.preprocess(
      (value) => (value === undefined || value === '' || value === '0' || value === 0 ? false : value === '1' || value === 1 ? true : value),
      z.boolean({ error: M.meInvalid }),
    ),
    username: z.preprocess((value) => (value === '' ? undefined : value), boundedString(M.usernameRequired, ACCOUNT_MESSAGES.profileNotFound, USERNAME_MAX_UNITS).optional()),
  })
  .superRefine((value, context) => {
    if (!value.me && value.username === undefined) context.addIssue({ code: 'custom', message: M.usernameRequired, path: ['username'] });
  });
