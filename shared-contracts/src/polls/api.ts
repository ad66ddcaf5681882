/** One answer of a poll with its votes. */
export interface PollOptionView {
  id: number;
  label: string;
  votes: number;
}

/** A poll as a post shows it to one viewer. */
export interface PollView {
  /** The post it belongs to (polls are addressed by their post). */
  postId: number;
  question: string;
  /** In the order the author wrote them. */
  options: PollOptionView[];
  /** Votes cast, one per member. */
  total: number;
  /** ISO 8601, or null for a poll that never closes. */
  closesAt: string | null;
  /** Past its closing time: results only, no votes taken. */
  closed: boolean;
  /** The option the viewer voted for (null for none, and for a visitor). */
  myOptionId: number | null;
  /** Goes up with every vote: of two results, the one with the higher version is newer. */
  version: number;
}

/** The counts of a poll, as pushed to its post's viewers in `post.countsChanged` (nobody's own vote in it). */
export interface PollResults {
  postId: number;
  options: Array<{ id: number; votes: number }>;
  total: number;
  version: number;
}

/** POST /api/flow/posts/:id/poll/vote: the poll after the member's vote. */
export type PollVoteReply = PollView;
