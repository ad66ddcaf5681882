import { z } from 'zod';
import { wholeNumber } from '../platform/input';
import { BADGE_MESSAGES as M } from './messages';
import { BADGE_LIST_RULES as R } from './rules';

/** A page of a member's badges, newest first, from 1; missing means the first. */
export const badgePageSchema = z.preprocess(
  (value) => (value === undefined || value === '' ? 1 : value),
  wholeNumber(M.pageInvalid, { min: 1, max: R.maxPage }),
);

/** GET /api/users/:username/badges?page=N */
export const badgeListQuerySchema = z.looseObject({ page: badgePageSchema });
