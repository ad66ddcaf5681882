/** What other features use of reactions: a post's reaction bar. */
export { ReactionBar, type ReactionBarProps } from './ReactionBar';
