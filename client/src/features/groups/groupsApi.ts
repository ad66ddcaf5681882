import type {
  GroupCreatedReply,
  GroupDeletedReply,
  GroupList,
  GroupMemberList,
  GroupMemberSearchResult,
  GroupReply,
  GroupView,
} from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

/** A page (from 1) of the groups list, newest first; `q` filters by name or tagline, `mine` lists the viewer's groups. */
export function fetchGroups(page: number, q: string, mine: boolean): Promise<GroupList> {
  const query = new URLSearchParams({ page: String(page) });
  if (q) query.set('q', q);
  if (mine) query.set('mine', '1');
  return api.get<GroupList>(`/api/groups?${query.toString()}`);
}

export function fetchGroup(slug: string): Promise<GroupView> {
  return api.get<GroupView>(`/api/groups/${encodeURIComponent(slug)}`);
}

/** Creates a group from its form (the seed's field names, cover and poster files). */
export function createGroup(form: FormData): Promise<GroupCreatedReply> {
  return api.form<GroupCreatedReply>('POST', '/api/groups', form);
}

/** Saves all of a group's fields; images are kept unless a file or `removeCover`/`removePoster` comes. */
export function updateGroup(id: number, form: FormData): Promise<GroupReply> {
  return api.form<GroupReply>('PATCH', `/api/groups/${id}`, form);
}

export function deleteGroup(id: number): Promise<GroupDeletedReply> {
  return api.delete<GroupDeletedReply>(`/api/groups/${id}`);
}

export function joinGroup(id: number): Promise<GroupReply> {
  return api.post<GroupReply>(`/api/groups/${id}/join`);
}

export function leaveGroup(id: number): Promise<GroupReply> {
  return api.post<GroupReply>(`/api/groups/${id}/leave`);
}

/** A page (from 1) of a group's members: the owner first, then the newest. */
export function fetchGroupMembers(id: number, page: number): Promise<GroupMemberList> {
  return api.get<GroupMemberList>(`/api/groups/${id}/members?page=${page}`);
}

/** Members of the site matching `q` (from 2 characters), each with whether it is in the group (the owner's search). */
export function searchGroupMembers(id: number, q: string): Promise<GroupMemberSearchResult> {
  return api.get<GroupMemberSearchResult>(`/api/groups/${id}/member-search?q=${encodeURIComponent(q)}`);
}

export function addGroupMember(id: number, username: string): Promise<GroupReply> {
  return api.post<GroupReply>(`/api/groups/${id}/members`, { username });
}

export function removeGroupMember(id: number, userId: number): Promise<GroupReply> {
  return api.delete<GroupReply>(`/api/groups/${id}/members/${userId}`);
}
