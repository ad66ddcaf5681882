import { ACCOUNT_RULES } from '../accounts/rules';

/**
 * Who sees a group and who may join it, from the seed's two flags (§3: `private`, `privacy`, each
 * 1 or null):
 *
 * - `open` (neither flag): listed and found by search; its page, posts, polls, reactions and
 *   members are readable by everyone; any member joins and leaves by themselves.
 * - `closed` (`privacy` 1): listed; everyone sees its card and its page's header (name, tagline,
 *   description, images, member count), but its posts, polls, reactions and member list are for its
 *   members only; nobody joins by themselves: the owner adds members.
 * - `hidden` (`private` 1, whatever `privacy` says): not listed and not found; to anyone but its
 *   members it does not exist (404 'Grup bulunamadı.' on every path, its channels refused); the
 *   owner adds members.
 *
 * Only members post in a group, in any of the three. Reading a post, voting in its poll and
 * reacting to it need the right to read the group. The owner edits the group (`#manage`), adds and
 * removes members, may delete any post in it and deletes the group; the owner cannot leave it.
 */
export const GROUP_VISIBILITIES = ['open', 'closed', 'hidden'] as const;
export type GroupVisibility = (typeof GROUP_VISIBILITIES)[number];

/** The visibility the seed's flags give (see GROUP_VISIBILITIES). */
export const groupVisibility = (flags: { private: boolean; privacy: boolean }): GroupVisibility =>
  flags.private ? 'hidden' : flags.privacy ? 'closed' : 'open';

/** The social accounts a group names (§3), by the seed's field names, with the address each makes. */
export const GROUP_SOCIALS = ['fb', 'tw', 'ig', 'th', 'yt', 'dc'] as const;
export type GroupSocial = (typeof GROUP_SOCIALS)[number];

export const GROUP_SOCIAL_LINKS: Record<GroupSocial, { label: string; url: (name: string) => string }> = {
  fb: { label: 'Facebook', url: (name) => `https://www.facebook.com/${name}` },
  tw: { label: 'X (Twitter)', url: (name) => `https://x.com/${name}` },
  ig: { label: 'Instagram', url: (name) => `https://www.instagram.com/${name}` },
  th: { label: 'Threads', url: (name) => `https://www.threads.net/@${name}` },
  yt: { label: 'YouTube', url: (name) => `https://www.youtube.com/@${name}` },
  dc: { label: 'Discord', url: (name) => `https://discord.gg/${name}` },
};

/** Limits of groups, the same for the server and the client. */
export const GROUP_RULES = {
  nameMinLength: 3,
  nameMaxLength: 80,
  taglineMaxLength: 160,
  descriptionMaxLength: 3000,
  websiteMaxLength: 200,
  /** A social account's username (or a Discord invite code). */
  socialMaxLength: 64,
  /** Groups per page of the list. */
  pageSize: 12,
  /** Members per page of a group's member list. */
  membersPageSize: 24,
  maxPage: 10_000,
  /** Longest search text of the groups list. */
  searchMaxLength: 80,
  /** Member search (§5, §9): from 2 characters, 500 ms after the last keystroke, at most this many answers. */
  memberSearchMinLength: 2,
  memberSearchDebounceMs: 500,
  memberSearchLimit: 10,
  memberSearchMaxLength: 40,
  /** After a group is created the page goes to it after 1.2 s (§9) with a confetti burst of about 4.5 s. */
  createRedirectMs: 1200,
  confettiMs: 4500,
  /** Cover and poster files: as an avatar's. */
  imageMaxBytes: ACCOUNT_RULES.avatarMaxBytes,
  imageMaxInputPixels: ACCOUNT_RULES.avatarMaxInputPixels,
  imageAccept: 'image/jpeg,image/png,image/webp,image/gif',
  /** The cover is stored cropped to this size, the poster to a square of posterSidePx. */
  coverWidthPx: 1500,
  coverHeightPx: 500,
  posterSidePx: 400,
  /** Groups one member may create per window, and edits of groups. */
  createRateLimit: { points: 10, windowSeconds: 3600 },
  updateRateLimit: { points: 30, windowSeconds: 600 },
  /** Members the owner may add per window. */
  addMemberRateLimit: { points: 60, windowSeconds: 600 },
} as const;

/** Where the groups list is. */
export const GROUPS_PATH = '/gruplar';

/** A group's page. */
export const groupPath = (slug: string): string => `/grup/${slug}`;

/** The hash of a group's page that opens its edit modal (§1), for the owner only. */
export const GROUP_MANAGE_HASH = 'manage';
