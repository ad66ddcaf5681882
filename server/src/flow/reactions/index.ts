/** What other features use of reactions: the module and its port, the reaction control's theme component, and the domain event reactions publish. */
export { ReactionsModule } from './reactions.module';
export { ReactionsPort } from './reactions.port';
export { POST_COUNTS_GROUP } from './post-counts';
export { ReactionControl } from './theme/ReactionControl';
export { renderReactionControl } from './theme/render-reaction-theme';
export type { FlowReactedEvent } from './reaction-events';
