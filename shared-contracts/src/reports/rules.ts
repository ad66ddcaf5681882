import { COMMENT_RULES } from '../comments/rules';

/**
 * What members report beside comments (which the comments keep in their own reports): forum
 * topics and flow or group posts. A report holds a copy of what was reported, since its author may
 * change or delete it, and waits for moderation.
 */
export const CONTENT_REPORT_SUBJECTS = ['discussion', 'post'] as const;
export type ContentReportSubject = (typeof CONTENT_REPORT_SUBJECTS)[number];

/**
 * The `/set/report` types (§7 `type`) content reports answer, and the subject each names: a topic
 * is `discussion`; a flow or group post is `post` (`flow` and `group` name it too, as `/set/action`
 * does). Other types are the comments' (a comment is the default).
 */
export const LEGACY_CONTENT_REPORT_TYPES = { discussion: 'discussion', post: 'post', flow: 'post', group: 'post' } as const satisfies Record<string, ContentReportSubject>;
export type LegacyContentReportType = keyof typeof LEGACY_CONTENT_REPORT_TYPES;

/** Limits of content reports: as many as comment reports, counted apart. */
export const CONTENT_REPORT_RULES = {
  rateLimit: COMMENT_RULES.reportRateLimit,
  /** Longest copy kept of what was reported. */
  snapshotMaxLength: 5000,
} as const;
