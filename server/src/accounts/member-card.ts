import type { MemberCard } from '@seyirlik/shared-contracts';
import { mediaUrl } from '../media';

/** A member card as SQL reads it from `app_user`. */
export interface MemberCardRow {
  id: number;
  username: string;
  profile_name: string;
  avatar_id: string | null;
}

/** The columns of a member card, of `app_user` under `alias`, named as MemberCardRow. */
export const memberCardColumns = (alias: string): string =>
  `${alias}.id, ${alias}.username, ${alias}.profile_name, ${alias}.avatar_id`;

/** The one mapper of a member to the card every feature shows. */
export function toMemberCard(row: MemberCardRow): MemberCard {
  return { id: row.id, username: row.username, profileName: row.profile_name, avatarUrl: row.avatar_id ? mediaUrl(row.avatar_id) : null };
}
