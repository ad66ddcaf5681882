import type { BadgeId } from './rules';

/** A badge a member earned; its name, description and icon are in BADGE_RULES. */
export interface MemberBadge {
  badge: BadgeId;
  /** ISO 8601: when it was awarded. */
  awardedAt: string;
}

/** GET /api/users/:username/badges?page=N: newest first. */
export interface MemberBadgePage {
  badges: MemberBadge[];
  page: number;
  hasMore: boolean;
  /** All the badges the member has. */
  total: number;
}
