import { NOTIFICATION_MESSAGES as M, NOTIFICATIONS_PATH } from '@seyirlik/shared-contracts';
import { Navigate } from '@tanstack/react-router';
import { messageOf } from '../../lib/api';
import { Loading } from '../../ui/Loading';
import { useSession } from '../session/session';
import { useToast } from '../toast/toasts';
import { NotificationItem } from './NotificationItem';
import { notificationsOf } from './notificationList';
import { useMarkAllNotificationsRead, useNotificationList, useUnreadNotifications } from './useNotifications';
import './notifications.css';

/** /bildirimler, for members only: every notification, newest first, a page more per click; live through the header's stream. */
export function NotificationsPage() {
  const { loaded, user } = useSession();
  if (!loaded) return <Loading />;
  if (!user) return <Navigate to="/giris-yap" search={{ redirect: NOTIFICATIONS_PATH }} replace />;
  return <MemberNotificationsPage key={user.id} userId={user.id} />;
}

function MemberNotificationsPage({ userId }: { userId: number }) {
  const list = useNotificationList(userId);
  const unread = useUnreadNotifications();
  const markAllRead = useMarkAllNotificationsRead(userId);
  const toast = useToast();

  if (list.isPending) return <Loading />;
  if (list.isError) {
    return (
      <section className="notifications-page">
        <h1 className="notifications-page__title">{M.heading}</h1>
        <p role="alert">{messageOf(list.error)}</p>
      </section>
    );
  }
  const notifications = notificationsOf(list.data);
  return (
    <section className="notifications-page" aria-labelledby="notifications-title">
      <header className="notifications-page__header">
        <h1 id="notifications-title" className="notifications-page__title">
          {M.heading}
        </h1>
        {unread > 0 && (
          <button type="button" className="button button--secondary" onClick={() => markAllRead().catch((error: unknown) => toast.error(messageOf(error)))}>
            {M.markAllRead}
          </button>
        )}
      </header>
      {notifications.length === 0 ? (
        <p className="notifications-page__empty">{M.empty}</p>
      ) : (
        <ul className="notification-list notification-list--page" aria-label={M.heading}>
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button
          type="button"
          className="button button--secondary notifications-page__more"
          disabled={list.isFetchingNextPage}
          onClick={() => list.fetchNextPage().catch((error: unknown) => toast.error(messageOf(error)))}
        >
          {M.loadMore}
        </button>
      )}
    </section>
  );
}
