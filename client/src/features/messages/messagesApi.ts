import type {
  BlockState,
  ConversationList,
  ConversationView,
  PrivateMessage,
  PrivateMessagePage,
  ReadState,
  SendPrivateMessageBody,
  StartConversationBody,
  UnreadConversations,
} from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

/** The member's conversations, newest first; `query` keeps those whose other member's name contains it. */
export function fetchConversations(query: string): Promise<ConversationList> {
  return api.get<ConversationList>(`/api/conversations${query ? `?q=${encodeURIComponent(query)}` : ''}`);
}

export function fetchUnreadConversations(): Promise<UnreadConversations> {
  return api.get<UnreadConversations>('/api/conversations/unread');
}

/** The conversation with a member, or the empty one a first message starts (`hash` null). */
export function fetchConversationWith(username: string): Promise<ConversationView> {
  return api.get<ConversationView>(`/api/conversations/with/${encodeURIComponent(username)}`);
}

/** Messages after sequence `after` (catch-up), oldest first. */
export function fetchMessagesAfter(hash: string, after: number): Promise<PrivateMessagePage> {
  return api.get<PrivateMessagePage>(`/api/conversations/${hash}/messages?after=${after}`);
}

/** The page of messages before sequence `before` (scrolling up), oldest first. */
export function fetchMessagesBefore(hash: string, before: number): Promise<PrivateMessagePage> {
  return api.get<PrivateMessagePage>(`/api/conversations/${hash}/messages?before=${before}`);
}

/** Sends a message; a retry with the same `clientKey` is answered the message already stored. */
export function sendPrivateMessage(hash: string, body: SendPrivateMessageBody): Promise<PrivateMessage> {
  return api.post<PrivateMessage>(`/api/conversations/${hash}/messages`, body);
}

/** A message to a member, starting the conversation when there is none (the seed's `first`). */
export function startConversation(body: StartConversationBody): Promise<PrivateMessage> {
  return api.post<PrivateMessage>('/api/conversations', body);
}

export function markConversationRead(hash: string, seq: number): Promise<ReadState> {
  return api.post<ReadState>(`/api/conversations/${hash}/read`, { seq });
}

export function fetchBlockState(username: string): Promise<BlockState> {
  return api.get<BlockState>(`/api/users/${encodeURIComponent(username)}/block`);
}

export function setBlocked(username: string, blocked: boolean): Promise<BlockState> {
  const path = `/api/users/${encodeURIComponent(username)}/block`;
  return blocked ? api.post<BlockState>(path) : api.delete<BlockState>(path);
}
