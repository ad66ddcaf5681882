/** What other features use of polls: the post's poll card and the composer's poll form. */
export { PollCard, type PollCardProps } from './PollCard';
export { PollComposer, emptyPollDraft, pollDraftError, type PollComposerProps, type PollDraft } from './PollComposer';
