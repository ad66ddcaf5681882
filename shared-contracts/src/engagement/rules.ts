import { TITLE_KINDS } from '../catalog/rules';

/**
 * `getList`'s `t` (seed §7): which of the member's own lists.
 * - `watched`: titles with an episode the member marked watched, the latest marked first;
 * - `favorites`: titles the member favourited (`addFavorite`), newest first;
 * - `following`: titles the member follows (`following`, `/set/follow`), newest first;
 * - `continue`: the continue-watching list (`/set/continue/watch`), the latest position first.
 */
export const MEMBER_LISTS = ['watched', 'favorites', 'following', 'continue'] as const;
export type MemberList = (typeof MEMBER_LISTS)[number];

/** `getList`'s `status`: which titles of the list, `all` (also when missing or empty) or one title kind. */
export const MEMBER_LIST_FILTERS = ['all', ...TITLE_KINDS] as const;
export type MemberListFilter = (typeof MEMBER_LIST_FILTERS)[number];

/**
 * `actionData`'s `issue` (seed §7): the problem a member reports with a video source of the
 * player, by the number the report form sends.
 */
export const SOURCE_ISSUES = {
  1: 'Video açılmıyor',
  2: 'Yanlış bölüm veya yanlış içerik',
  3: 'Ses veya altyazı sorunu',
  4: 'Görüntü kalitesi düşük',
  5: 'Video yarıda kesiliyor',
} as const;
export type SourceIssue = keyof typeof SOURCE_ISSUES;

/** `actionData`'s `status`: where the player was when the problem came: 0 the video never started, 1 it started, then broke. */
export const SOURCE_ISSUE_STATUSES = { 0: 'Video hiç başlamadı', 1: 'Video başladı, sonra bozuldu' } as const;
export type SourceIssueStatus = keyof typeof SOURCE_ISSUE_STATUSES;

export const ENGAGEMENT_RULES = {
  /** Most titles one `getList` answer carries. */
  listLimit: 60,
  /** Source reports one member may send per window. */
  issueRateLimit: { points: 20, windowSeconds: 3600 },
  /** Claps one member may give per window. */
  clapRateLimit: { points: 120, windowSeconds: 600 },
} as const;
