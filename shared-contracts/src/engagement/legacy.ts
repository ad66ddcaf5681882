import { z } from 'zod';
import { idSchema, wholeNumber } from '../platform/input';
import { CATALOG_RULES } from '../catalog/rules';
import { ENGAGEMENT_MESSAGES as M } from './messages';
import { MEMBER_LIST_FILTERS, MEMBER_LISTS, SOURCE_ISSUES, type SourceIssue, type SourceIssueStatus } from './rules';

const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * `getList` (`t`, `status`): one of the member's lists (see MEMBER_LISTS), of one title kind or all
 * (MEMBER_LIST_FILTERS). Answers `data` (the list rendered as HTML, every text escaped) and `empty`
 * (true when the list has nothing, with `message`).
 */
export const legacyGetListSchema = z.looseObject({
  t: z.enum(MEMBER_LISTS, { error: M.listInvalid }),
  status: z.preprocess((value) => (blank(value) ? 'all' : value), z.enum(MEMBER_LIST_FILTERS, { error: M.filterInvalid })),
});

/**
 * `addClap` (`clap`): applause for an aired episode, counted once per member. Answers `status`
 * (1 when this call counted it, 0 when the member had already clapped), `count` (the episode's
 * claps now) and `message`.
 */
export const legacyAddClapSchema = z.looseObject({ clap: idSchema(M.clapEpisodeInvalid) });

/**
 * `actionData` (`issue`, `status`, `data`): a member reports a problem with a video source:
 * `issue` the problem (SOURCE_ISSUES), `status` where the player was (SOURCE_ISSUE_STATUSES),
 * `data` the video group's hash (as `videoGet`). Stored once per member, source and problem;
 * answers `message`.
 */
export const legacyActionDataSchema = z.looseObject({
  issue: wholeNumber(M.issueInvalid, { min: 1, max: Object.keys(SOURCE_ISSUES).length }).transform((value) => value as SourceIssue),
  status: wholeNumber(M.statusInvalid, { min: 0, max: 1 }).transform((value) => value as SourceIssueStatus),
  data: z
    .unknown()
    .transform((value) => (typeof value === 'string' ? value.trim() : ''))
    .refine((hash) => CATALOG_RULES.groupHashPattern.test(hash), { error: M.sourceMissing }),
});
