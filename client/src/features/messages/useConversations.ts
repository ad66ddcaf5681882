import { STREAM_RULES, rooms } from '@seyirlik/shared-contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeEvent, useRealtimeRoom } from '../realtime/useRealtimeRoom';
import { useSocketStatus } from '../realtime/socketStatus';
import { fetchConversationWith, fetchConversations, fetchUnreadConversations } from './messagesApi';

/** Every cached read of a member's conversations starts with this key. */
export const conversationsKey = (userId: number) => ['conversations', userId] as const;
const listKey = (userId: number, query: string) => [...conversationsKey(userId), 'list', query] as const;
const unreadKey = (userId: number) => [...conversationsKey(userId), 'unread'] as const;
export const conversationWithKey = (userId: number, username: string) => [...conversationsKey(userId), 'with', username.toLowerCase()] as const;

/** While the socket is out, the conversation reads are asked again this often (seed §9's 5 s); live, never. */
function usePollWhileOffline(): number | false {
  return useSocketStatus() === 'connected' ? false : STREAM_RULES.pollIntervalMs;
}

/** The member's conversations, newest first, filtered by `query` (the other member's name). */
export function useConversationList(userId: number, query: string) {
  return useQuery({ queryKey: listKey(userId, query), queryFn: () => fetchConversations(query), refetchInterval: usePollWhileOffline(), placeholderData: (previous) => previous });
}

/** How many of the member's conversations hold an unread message: the header's badge. */
export function useUnreadConversations(userId: number) {
  return useQuery({ queryKey: unreadKey(userId), queryFn: fetchUnreadConversations, refetchInterval: usePollWhileOffline() });
}

/** The conversation with `username` (or the empty one a first message starts). */
export function useConversationWith(userId: number, username: string) {
  return useQuery({ queryKey: conversationWithKey(userId, username), queryFn: () => fetchConversationWith(username) });
}

/**
 * Keeps the conversation list and the unread badge current in every tab: a new message and a read
 * (here or in another tab) reach the member's `user:` channel, and each makes both be read again;
 * after every (re)join of the channel they are read again too, since pushes missed meanwhile are
 * not replayed (and while the socket is out, the reads poll).
 */
export function useLiveConversations(userId: number): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({
      queryKey: conversationsKey(userId),
      predicate: (query) => query.queryKey[2] === 'list' || query.queryKey[2] === 'unread',
    });
  }, [queryClient, userId]);
  useRealtimeRoom(rooms.user(userId), refresh);
  useRealtimeEvent('message.created', refresh);
  useRealtimeEvent('conversation.read', refresh);
}
