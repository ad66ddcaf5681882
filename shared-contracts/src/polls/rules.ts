/** Limits of polls, the same for the server and the client. */
export const POLL_RULES = {
  /** Seed §5: a poll needs at least this many non-empty answers. */
  minAnswers: 2,
  /** Most answers a poll offers. */
  maxAnswers: 10,
  /** Longest question, in characters. */
  questionMaxLength: 300,
  /** Longest answer, in characters. */
  answerMaxLength: 200,
} as const;
