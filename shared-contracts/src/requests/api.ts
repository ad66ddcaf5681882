import type { MemberCard } from '../accounts/schemas';
import type { TitleKind } from '../catalog/rules';
import type { RequestStatus, RequestVoteState } from './rules';

/** A content request as lists show it. */
export interface ContentRequestView {
  id: number;
  /** The request's page (`/istekler/{id}`). */
  link: string;
  name: string;
  kind: TitleKind;
  /** The outside catalog's id (TMDB-like), or null. */
  externalId: number | null;
  /** The poster's https address as the member gave it, or null; shown only as an image. */
  image: string | null;
  status: RequestStatus;
  upCount: number;
  downCount: number;
  /** upCount − downCount: an upvote adds 1, a downvote subtracts 1 (§4). */
  score: number;
  /** The viewer's vote (null for none or a visitor). */
  myVote: RequestVoteState;
  requester: MemberCard | null;
  /** Once added: the title's page, else null. */
  titleLink: string | null;
  /** ISO 8601 */
  createdAt: string;
}

/** GET /api/requests: a page of requests, the highest score first, then the newest. */
export interface ContentRequestList {
  requests: ContentRequestView[];
  page: number;
  hasMore: boolean;
}

/** A catalog title a request search found. */
export interface RequestSearchTitle {
  name: string;
  originalName: string;
  kind: TitleKind;
  year: number;
  link: string;
  posterUrl: string | null;
}

/** GET /api/requests/search: the catalog's titles and the existing requests matching the text. */
export interface RequestSearchResult {
  titles: RequestSearchTitle[];
  requests: ContentRequestView[];
}

/** POST /api/requests (201): the new request, where it lives and a Turkish confirmation. */
export interface ContentRequestCreatedReply {
  request: ContentRequestView;
  link: string;
  message: string;
}

/**
 * POST /api/requests (409): the title is in the catalog already (`exists` 'title', `link` its
 * page) or was requested already (`exists` 'request', `link` that request's page).
 */
export interface ContentRequestExistsReply {
  statusCode: 409;
  message: string;
  exists: 'title' | 'request';
  link: string;
}

/** POST /api/requests/:id/vote: the request as it is now and a Turkish confirmation. */
export interface ContentRequestVoteReply {
  request: ContentRequestView;
  message: string;
}
