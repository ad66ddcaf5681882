import type {
  ContentRequestCreatedReply,
  ContentRequestList,
  ContentRequestView,
  ContentRequestVoteReply,
  RequestSearchResult,
  RequestVoteType,
  TitleKind,
} from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

/** A page (from 1) of the requests, the highest score first. */
export function fetchRequests(page: number): Promise<ContentRequestList> {
  return api.get<ContentRequestList>(`/api/requests?page=${page}`);
}

export function fetchRequest(id: number): Promise<ContentRequestView> {
  return api.get<ContentRequestView>(`/api/requests/${id}`);
}

/** The catalog's titles and the requests matching `q` (from 2 characters). */
export function searchRequests(q: string): Promise<RequestSearchResult> {
  return api.get<RequestSearchResult>(`/api/requests/search?q=${encodeURIComponent(q)}`);
}

/** A new request with the seed's field names; a 409 ApiError's body says where the existing title or request is. */
export function createRequest(fields: { name: string; type: TitleKind; id: string; image: string }): Promise<ContentRequestCreatedReply> {
  return api.post<ContentRequestCreatedReply>('/api/requests', fields);
}

/** 1 up, 2 down. */
export function voteOnRequest(id: number, type: RequestVoteType): Promise<ContentRequestVoteReply> {
  return api.post<ContentRequestVoteReply>(`/api/requests/${id}/vote`, { type });
}
