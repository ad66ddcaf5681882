import { z } from 'zod';
import { newRequestSchema, requestIdSchema, requestKindFilterSchema, requestPageSchema, requestSearchTextSchema, requestVoteTypeSchema } from './schemas';

// The content requests' legacy calls (§7), with the seed's field names. `type` is the title's kind
// (dizi, anime, film) everywhere but in the vote, where it is the seed's 1 (up) or 2 (down).

/** `/get/search`: `content` the text (from 2 characters), `type` a kind to keep (optional). */
export const legacyRequestSearchSchema = z
  .looseObject({ content: requestSearchTextSchema, type: requestKindFilterSchema })
  .transform((input) => ({ q: input.content, kind: input.type }));

/** `/set/request`: `name`, `type`, `id`, `image` (see newRequestSchema). */
export const legacySetRequestSchema = newRequestSchema;

/** `/set/request/vote`: `id` the request, `type` 1 up or 2 down. */
export const legacyRequestVoteSchema = z.looseObject({ id: requestIdSchema, type: requestVoteTypeSchema });

/** `/request/load`: `page` from 1, `type` a kind to keep (optional). */
export const legacyRequestLoadSchema = z
  .looseObject({ page: requestPageSchema, type: requestKindFilterSchema })
  .transform((input) => ({ page: input.page, kind: input.type, status: null }));
