import type { MemberBadgePage } from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

/** A page of a member's badges, newest first (from 1). */
export function fetchMemberBadges(username: string, page: number): Promise<MemberBadgePage> {
  return api.get<MemberBadgePage>(`/api/users/${encodeURIComponent(username)}/badges?${new URLSearchParams({ page: String(page) })}`);
}
