/**
 * What other features use of private messages: the module, and whether a member has a
 * conversation open right now (the notifications' "new message" skips members reading it).
 */
export { MessagesModule } from './messages.module';
export { ConversationPresence } from './conversation-presence';
export type { MessageSentEvent } from './message-events';
