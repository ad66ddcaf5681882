import { rooms, streams, type NotificationView } from '@seyirlik/shared-contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import type { ChannelLiveState } from '../../lib/channelMembership';
import { useRealtimeEvent } from '../realtime/useRealtimeRoom';
import { useSequencedStream } from '../realtime/useSequencedStream';
import { useToast } from '../toast/toasts';
import { addNotifications, markReadInPages, titleWithCount, type NotificationPages } from './notificationList';
import { fetchNotificationPage, fetchNotificationsAfter, markAllNotificationsRead } from './notificationsApi';

/** The member's unread notifications, as the server last said (a page, a push, a catch-up, a read). */
const unreadNotificationsAtom = atom(0);

export function useUnreadNotifications(): number {
  return useAtomValue(unreadNotificationsAtom);
}

const notificationsKey = (userId: number) => ['notifications', userId] as const;

/** At most this many toasts for notifications that arrive at once (a catch-up after a long time away). */
const TOASTS_AT_ONCE = 3;

/**
 * The member's notifications, newest first, in pages: one cache shared by the header's dropdown
 * and the notifications page, kept current by useLiveNotifications. The first page also gives the
 * unread count.
 */
export function useNotificationList(userId: number) {
  const setUnread = useSetAtom(unreadNotificationsAtom);
  return useInfiniteQuery({
    queryKey: notificationsKey(userId),
    queryFn: async ({ pageParam }) => {
      const page = await fetchNotificationPage(pageParam);
      if (pageParam === 1) setUnread(page.unreadCount);
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    // Kept current by the member's stream while the header shows it.
    staleTime: Infinity,
  });
}

/** Marks all of the member's notifications read, here and (through the server's push) in every other tab. */
export function useMarkAllNotificationsRead(userId: number): () => Promise<void> {
  const queryClient = useQueryClient();
  const setUnread = useSetAtom(unreadNotificationsAtom);
  return useCallback(async () => {
    const { unreadCount } = await markAllNotificationsRead();
    setUnread(unreadCount);
    queryClient.setQueryData<NotificationPages>(notificationsKey(userId), (data) => data && markReadInPages(data, null));
  }, [queryClient, setUnread, userId]);
}

/**
 * The member's notification stream `streams.notifications(id)` on their `user:` channel, along the
 * fallback ladder of useSequencedStream (live pushes; polling while the socket is out; a catch-up
 * after every reconnect from the last sequence held), from `startAfter`, the stream's head when the
 * first page was read. Each new notification goes to the top of the cached list with a 3 s toast;
 * the unread count follows every push, catch-up and read (a read in another tab too), and the tab's
 * title shows it.
 */
export function useLiveNotifications(userId: number, startAfter: number): ChannelLiveState {
  const queryClient = useQueryClient();
  const setUnread = useSetAtom(unreadNotificationsAtom);
  const unread = useAtomValue(unreadNotificationsAtom);
  const toast = useToast();

  const stream = useSequencedStream({
    channel: rooms.user(userId),
    stream: streams.notifications(userId),
    event: 'notification.created',
    itemOf: ({ notification }) => notification,
    fetchAfter: async (after) => {
      const page = await fetchNotificationsAfter(after);
      setUnread(page.unreadCount);
      return { items: page.notifications, hasMore: page.hasMore };
    },
    startAfter,
  });

  useRealtimeEvent('notification.created', ({ unreadCount }) => setUnread(unreadCount));
  useRealtimeEvent('notification.read', ({ id, unreadCount }) => {
    setUnread(unreadCount);
    queryClient.setQueryData<NotificationPages>(notificationsKey(userId), (data) => data && markReadInPages(data, id));
  });

  const shown = useRef(new Set<number>());
  useEffect(() => {
    const fresh: NotificationView[] = stream.items.filter((item) => !shown.current.has(item.seq));
    if (fresh.length === 0) return;
    for (const item of fresh) shown.current.add(item.seq);
    queryClient.setQueryData<NotificationPages>(notificationsKey(userId), (data) => data && addNotifications(data, fresh));
    for (const item of fresh.slice(-TOASTS_AT_ONCE)) if (!item.read) toast.info(item.text);
  }, [stream.items, queryClient, toast, userId]);

  useEffect(() => {
    document.title = titleWithCount(document.title, unread);
  }, [unread]);
  // A logout (or another member) starts from nothing: no count is left on the bell or the title.
  useEffect(
    () => () => {
      setUnread(0);
      document.title = titleWithCount(document.title, 0);
    },
    [setUnread],
  );

  return stream.live;
}
