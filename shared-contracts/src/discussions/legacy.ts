import { z } from 'zod';
import { DISCUSSION_MESSAGES as M } from './messages';
import {
  discussionCategorySchema,
  discussionIdSchema,
  discussionSeriesSchema,
  discussionTextSchema,
  discussionTitleSchema,
  type DiscussionDraft,
} from './schemas';
import { idSchema } from '../platform/input';

// The forum's legacy calls (§7), with the seed's field names.

/** `/set/discussion`: `title`, `category` and `desc`, each required (§5); an optional `series` binds the topic to a title. */
export const legacySetDiscussionSchema = z
  .looseObject({
    title: discussionTitleSchema(M.required),
    category: discussionCategorySchema(M.required),
    desc: discussionTextSchema(M.required),
    series: discussionSeriesSchema,
  })
  .transform((input): DiscussionDraft => ({ title: input.title, text: input.desc, category: input.category, seriesId: input.series ?? null }));

/** `newTopic2` (a title page's topic form): `series` the title, `title` and `desc`; the category is the title kind's. */
export const legacyNewTopicSchema = z
  .looseObject({
    series: z.preprocess((value) => (value === undefined || value === null || value === '' || value === '0' || value === 0 ? undefined : value), idSchema(M.seriesNotFound).optional()),
    title: discussionTitleSchema(M.required),
    desc: discussionTextSchema(M.required),
  })
  .transform((input, context): DiscussionDraft => {
    if (input.series === undefined) {
      context.addIssue({ code: 'custom', message: M.required });
      return z.NEVER;
    }
    return { title: input.title, text: input.desc, category: null, seriesId: input.series };
  });

/** `editTopic` (the post edit modal): `id`, `title` and `content` required ('Eksik değerler var !'); `series` the bound title, none when empty. */
export const legacyEditTopicSchema = z
  .looseObject({
    id: z.preprocess((value) => (value === undefined || value === null || value === '' ? undefined : value), idSchema(M.discussionIdInvalid).optional()),
    title: discussionTitleSchema(M.editRequired),
    content: discussionTextSchema(M.editRequired),
    series: discussionSeriesSchema,
  })
  .transform((input, context): { id: number; draft: DiscussionDraft } => {
    if (input.id === undefined) {
      context.addIssue({ code: 'custom', message: M.editRequired });
      return z.NEVER;
    }
    return { id: input.id, draft: { title: input.title, text: input.content, category: null, seriesId: input.series ?? null } };
  });

/** `/discussion/delete/post` (the `discussion` branch of `/{type}/delete/post`): `id` the topic. */
export const legacyDeleteDiscussionSchema = z.looseObject({ id: discussionIdSchema });
