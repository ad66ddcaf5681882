import type { MemberCard } from '../accounts/schemas';
import type { GroupSocial, GroupVisibility } from './rules';

/** A group as lists show it. */
export interface GroupCard {
  id: number;
  slug: string;
  /** The group page's address (`/grup/{slug}`). */
  link: string;
  name: string;
  tagline: string;
  /** The poster (square) and cover (wide) images' addresses; null when none was given or while one is being processed. */
  posterUrl: string | null;
  coverUrl: string | null;
  visibility: GroupVisibility;
  memberCount: number;
  /** Whether the viewer is a member (the owner is one). */
  member: boolean;
}

/** A group's page (GET /api/groups/:slug), as the viewer may see it. */
export interface GroupView extends GroupCard {
  description: string;
  /** An http(s) address, or null. */
  website: string | null;
  /** Usernames of the group's social accounts (GROUP_SOCIAL_LINKS makes their addresses). */
  socials: Record<GroupSocial, string | null>;
  /** The seed's flags, as the edit form shows them. */
  private: boolean;
  privacy: boolean;
  owner: MemberCard;
  /** ISO 8601 */
  createdAt: string;
  postCount: number;
  /** The viewer's place: 'owner', 'member' or null. */
  role: 'owner' | 'member' | null;
  /** Whether the viewer may read the group's posts and members. */
  canRead: boolean;
  /** Whether the viewer may join by themselves: an open group they are not in (a visitor is asked to log in first). */
  canJoin: boolean;
}

/** GET /api/groups: a page of groups, newest first (with `q`, those whose name or tagline matches). */
export interface GroupList {
  groups: GroupCard[];
  page: number;
  hasMore: boolean;
}

/** The answer of a change to a group: the group as it is now, and a Turkish confirmation. */
export interface GroupReply {
  group: GroupView;
  message: string;
}

/** POST /api/groups (201): the new group and where it lives (§7: `group`, its link). */
export interface GroupCreatedReply extends GroupReply {
  link: string;
}

/** DELETE /api/groups/:id: where to go now (§7: `go`). */
export interface GroupDeletedReply {
  message: string;
  go: string;
}

/** A member of a group. */
export interface GroupMember extends MemberCard {
  role: 'owner' | 'member';
  /** ISO 8601 */
  joinedAt: string;
}

/** GET /api/groups/:id/members: a page of members, the owner first, then the newest. */
export interface GroupMemberList {
  members: GroupMember[];
  page: number;
  hasMore: boolean;
}

/** GET /api/groups/:id/member-search: members of the site matching the text, each with whether it is in the group. */
export interface GroupMemberSearchResult {
  members: Array<MemberCard & { inGroup: boolean }>;
}
