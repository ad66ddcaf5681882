import type { NotificationView } from '@seyirlik/shared-contracts';

/** Notifications are stamped with the date and time in Türkiye, where the site's audience is. */
const clock = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Istanbul' });

/** One notification; `data-id` is its id and `data-seq` its number in the member's stream. */
function NotificationItem({ notification }: { notification: NotificationView }) {
  const { actor } = notification;
  return (
    <li className={notification.read ? 'notification' : 'notification notification--unread'} data-id={notification.id} data-seq={notification.seq}>
      <a className="notification__link" href={notification.link}>
        {actor?.avatarUrl ? <img className="notification__avatar" src={actor.avatarUrl} alt="" width={40} height={40} loading="lazy" /> : null}
        <span className="notification__text">{notification.text}</span>
        <time className="notification__time" dateTime={notification.updatedAt}>
          {clock.format(new Date(notification.updatedAt))}
        </time>
      </a>
    </li>
  );
}

/** A page of notifications as legacy clients append them to their list, newest first. */
export function NotificationItems({ notifications }: { notifications: NotificationView[] }) {
  return (
    <>
      {notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} />
      ))}
    </>
  );
}
