import { z } from 'zod';
import { flowImageIdSchema, flowMeSchema, flowPageSchema, flowPostDraftSchema, flowPostIdSchema, flowTextSchema } from './schemas';

// The flow's legacy calls (§7), with the seed's field names. Photos come as the multipart files `photo[]`.

/** The multipart fields legacy clients send photos in. */
export const LEGACY_PHOTO_FIELDS = ['photo[]', 'photo'] as const;

/**
 * `/set/flow/post`: `type` post (the default) or poll; a post's text is `message`, a poll's
 * question `questOrTitle` and answers `questAnswer` (JSON, a list of `{ value }`); `client_key`
 * an optional idempotency key (see sendKeySchema).
 */
export const legacySetFlowPostSchema = flowPostDraftSchema({ kind: 'type', text: 'message', question: 'questOrTitle', answers: 'questAnswer', key: 'client_key' });

/** `/akis/{page}`: `page` from 1 (the path's when the body has none), `me` 1 for only the viewer's posts. */
export const legacyFlowPageSchema = z.looseObject({
  page: z.preprocess((value) => (value === '' || value === null ? undefined : value), flowPageSchema.optional()),
  me: flowMeSchema,
});

/** The page of `/akis/{page}`'s path. */
export const legacyFlowPathPageSchema = flowPageSchema;

/** `/get/flow/post`: `flow_id` the post (its edit form). */
export const legacyGetFlowPostSchema = z.looseObject({ flow_id: flowPostIdSchema });

/** `/edit/flow/post`: `flow_id` the post, `post` the new text; `photo[]` photos to add. */
export const legacyEditFlowPostSchema = z.looseObject({ flow_id: flowPostIdSchema, post: flowTextSchema });

/** `/delete/flow/post/image`: `image_id` the photo. */
export const legacyDeleteFlowImageSchema = z.looseObject({ image_id: flowImageIdSchema });
