import { ACCOUNT_RULES } from '../accounts/rules';

/** What a flow post is: text with photos, or a poll (its question and answers kept by the polls). */
export const FLOW_POST_KINDS = ['post', 'poll'] as const;
export type FlowPostKind = (typeof FLOW_POST_KINDS)[number];

/** Limits of flow posts, the same for the server and the client. */
export const FLOW_RULES = {
  /** Longest post text, in characters as a person sees them. */
  textMaxLength: 5000,
  /** Photos one post may carry. */
  photosMax: 4,
  /** Largest photo file, as an avatar's. */
  photoMaxBytes: ACCOUNT_RULES.avatarMaxBytes,
  /** Largest photo accepted for processing, in pixels (width × height), as an avatar's. */
  photoMaxInputPixels: ACCOUNT_RULES.avatarMaxInputPixels,
  /** Photos are stored with their longer side at most this many pixels. */
  photoMaxSidePx: 1600,
  /** Posts (tried, photos decoded) one member may send, and edits, per window: a flood of photos is CPU. */
  postRateLimit: { points: 30, windowSeconds: 600 },
  editRateLimit: { points: 30, windowSeconds: 600 },
  /** Posts per page of the flow. */
  pageSize: 10,
  /** Highest page number the flow accepts. */
  maxPage: 10_000,
  /** The image types a photo may be, as the file picker offers them (the server reads the type from the bytes). */
  photoAccept: 'image/jpeg,image/png,image/webp,image/gif',
} as const;
