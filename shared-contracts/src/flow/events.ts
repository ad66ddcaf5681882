import type { FlowPost } from './api';

/** Pushed to the `flow` channel after the change committed (public flow posts only; `mine` is false). */
export interface FlowServerEvents {
  /** A new post: clients count it in the "N yeni gönderi" bar rather than inserting it. */
  'flow.postCreated': (post: FlowPost) => void;
  /** A post changed: its text was edited, a photo was added, removed or finished processing. */
  'flow.postChanged': (post: FlowPost) => void;
  /** A post was deleted. */
  'flow.postDeleted': (payload: { id: number }) => void;
}
