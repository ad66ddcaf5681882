import { z } from 'zod';
import { describedIfOther, reportDescriptionSchema, reportReasonSchema } from '../comments/schemas';
import { idSchema } from '../platform/input';
import { CONTENT_REPORT_MESSAGES as M } from './messages';
import { CONTENT_REPORT_SUBJECTS, LEGACY_CONTENT_REPORT_TYPES, type LegacyContentReportType } from './rules';

export const contentReportSubjectSchema = z.enum(CONTENT_REPORT_SUBJECTS, { error: M.subjectInvalid });
export const contentReportTargetIdSchema = idSchema(M.targetIdInvalid);

/** POST /api/reports: what is reported (`subject`, `targetId`), why (`reason`) and, for "other", a description. */
export const contentReportBodySchema = z
  .looseObject({ subject: contentReportSubjectSchema, targetId: contentReportTargetIdSchema, reason: reportReasonSchema, description: reportDescriptionSchema })
  .superRefine(describedIfOther);
export type ContentReportBody = z.input<typeof contentReportBodySchema>;

const LEGACY_TYPES = Object.keys(LEGACY_CONTENT_REPORT_TYPES) as [LegacyContentReportType, ...LegacyContentReportType[]];

/** `/set/report` for a topic or a post: `type` (LEGACY_CONTENT_REPORT_TYPES), `id`, `value` the reason, `desc` the description. */
export const legacyContentReportSchema = z
  .looseObject({ type: z.enum(LEGACY_TYPES, { error: M.subjectInvalid }), id: contentReportTargetIdSchema, value: reportReasonSchema, desc: reportDescriptionSchema })
  .transform(({ type, id, value, desc }) => ({ subject: LEGACY_CONTENT_REPORT_TYPES[type], targetId: id, reason: value, description: desc }))
  .superRefine(describedIfOther);

/** The `/set/report` types content reports answer, as the legacy registry's branch lists them. */
export const LEGACY_CONTENT_REPORT_TYPE_VALUES: readonly string[] = LEGACY_TYPES;
