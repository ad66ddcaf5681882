import { LIMITS, REDIRECT_DELAYS } from '../platform/limits';

/**
 * A content request's life: `open` while members vote on it; `added` once a catalog import
 * brought the requested title in (the request then links to it); `refused` when the site will
 * not add it (set by the operator in the database; no screen changes it).
 */
export const REQUEST_STATUSES = ['open', 'added', 'refused'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The seed's vote `type` (§3): 1 up, 2 down. */
export const REQUEST_VOTE_TYPES = { up: 1, down: 2 } as const;
export type RequestVoteType = (typeof REQUEST_VOTE_TYPES)[keyof typeof REQUEST_VOTE_TYPES];
/** A member's vote on a request as lists show it. */
export type RequestVoteState = 'upvoted' | 'downvoted' | null;

/** Limits of content requests, the same for the server and the client. */
export const REQUEST_RULES = {
  /** The requested title's name, in characters as a person counts them. */
  nameMinLength: 2,
  nameMaxLength: 120,
  /** The poster address (`image`): an https URL of at most this many characters. */
  imageMaxLength: 500,
  /** Requests per page of the list and of `/request/load`. */
  pageSize: 20,
  maxPage: 10_000,
  /** Request search (§5, §9): from 2 characters, after the live search's pause. */
  searchMinLength: LIMITS.requestSearchMinLength,
  searchDebounceMs: LIMITS.liveSearchDebounceMs,
  searchMaxLength: 80,
  /** Catalog titles and requests a search answers at most, each. */
  searchLimit: 8,
  /** New requests one member may make per window. */
  createRateLimit: { points: 10, windowSeconds: 3600 },
  /** Votes one member may cast or change per window. */
  voteRateLimit: { points: 120, windowSeconds: 600 },
  /** §9: a visitor who tries to request or vote goes to the login page after 2 s. */
  loginRedirectMs: REDIRECT_DELAYS.loginRequiredForRequestMs,
} as const;

/** Where the requests list is. */
export const REQUESTS_PATH = '/istekler';

/** A request's page. */
export const requestPath = (id: number): string => `${REQUESTS_PATH}/${id}`;
