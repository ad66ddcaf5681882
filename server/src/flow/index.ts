/**
 * What other features use of the flow: its module, and the domain events its posts, votes and
 * reactions publish (badges and notifications subscribe to them).
 */
export { FlowModule } from './flow.module';
export type { FlowPostedEvent } from './flow-events';
export type { PollVotedEvent } from './polls';
export type { FlowReactedEvent } from './reactions';
