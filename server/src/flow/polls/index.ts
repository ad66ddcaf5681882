/** What other features use of polls: the module and its port, the poll's theme component, and the domain event votes publish. */
export { PollsModule } from './polls.module';
export { PollsPort } from './polls.port';
export type { NewPoll } from './polls.service';
export { PollBlock } from './theme/PollBlock';
export { renderPoll } from './theme/render-poll-theme';
export type { PollVotedEvent } from './poll-events';
