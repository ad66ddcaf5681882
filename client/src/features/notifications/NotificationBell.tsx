import { NOTIFICATION_MESSAGES as M, NOTIFICATIONS_PATH } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { Loading } from '../../ui/Loading';
import { BellIcon } from '../../ui/icons';
import { useSessionUser } from '../session/session';
import { useToast } from '../toast/toasts';
import { messageOf } from '../../lib/api';
import { useDropdown } from '../../lib/useDropdown';
import { NotificationItem } from './NotificationItem';
import { notificationsOf } from './notificationList';
import { useLiveNotifications, useMarkAllNotificationsRead, useNotificationList, useUnreadNotifications } from './useNotifications';
import './notifications.css';

/** Notifications the dropdown lists: the newest ones; the notifications page has them all. */
const DROPDOWN_SIZE = 8;

/** The header's notification dropdown, for members: a bell with the unread count, live on every tab. */
export function NotificationBell() {
  const user = useSessionUser();
  // Another member logging in here starts over with their own notifications.
  return user ? <MemberNotifications key={user.id} userId={user.id} /> : null;
}

function MemberNotifications({ userId }: { userId: number }) {
  const list = useNotificationList(userId);
  const startAfter = list.data?.pages[0]?.lastSeq;
  return (
    <>
      {startAfter !== undefined && <LiveNotifications userId={userId} startAfter={startAfter} />}
      <NotificationDropdown userId={userId} />
    </>
  );
}

/** Keeps the list, the badge and the tab title current from the member's stream; shows nothing itself. */
function LiveNotifications({ userId, startAfter }: { userId: number; startAfter: number }) {
  useLiveNotifications(userId, startAfter);
  return null;
}

/**
 * The bell and its panel. Opening it marks every notification read (seed §4), which removes the
 * badge here and, through the server's push, in the member's other tabs. It closes on Escape, on a
 * click outside it and whenever the page changes.
 */
function NotificationDropdown({ userId }: { userId: number }) {
  const { open, setOpen, rootRef, toggleRef, panelId } = useDropdown();
  const list = useNotificationList(userId);
  const unread = useUnreadNotifications();
  const markAllRead = useMarkAllNotificationsRead(userId);
  const toast = useToast();

  const toggle = () => {
    setOpen(!open);
    if (!open && unread > 0) markAllRead().catch((error: unknown) => toast.error(messageOf(error)));
  };

  const notifications = list.data ? notificationsOf(list.data).slice(0, DROPDOWN_SIZE) : [];
  return (
    <div ref={rootRef} className="notification-menu">
      <button
        ref={toggleRef}
        type="button"
        className="notification-menu__toggle"
        aria-label={unread > 0 ? `${M.openDropdown}: ${M.unreadBadge(unread)}` : M.openDropdown}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        <BellIcon width={22} height={22} />
        {unread > 0 && (
          <span className="count-badge" data-testid="notification-badge">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} className="notification-menu__panel" onClick={(event) => (event.target as Element).closest('a') && setOpen(false)}>
          <p className="notification-menu__heading">{M.heading}</p>
          {list.isPending ? (
            <Loading />
          ) : notifications.length === 0 ? (
            <p className="notification-menu__empty">{M.empty}</p>
          ) : (
            <ul className="notification-list" aria-label={M.heading}>
              {notifications.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} />
              ))}
            </ul>
          )}
          <Link to={NOTIFICATIONS_PATH} className="notification-menu__all">
            {M.seeAll}
          </Link>
        </div>
      )}
    </div>
  );
}
