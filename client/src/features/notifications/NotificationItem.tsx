import { NOTIFICATION_MESSAGES as M, type NotificationView } from '@seyirlik/shared-contracts';
import { Avatar } from '../../ui/Avatar';
import { BellIcon } from '../../ui/icons';
import { commentAge, commentTimeTitle } from '../comments/commentTime';

/** One notification: who, what, when, unread or not; the whole row leads to its link. */
export function NotificationItem({ notification }: { notification: NotificationView }) {
  const { actor } = notification;
  return (
    <li className={notification.read ? 'notification' : 'notification notification--unread'} data-seq={notification.seq}>
      <a className="notification__link" href={notification.link}>
        {actor ? (
          <Avatar name={actor.profileName} imageUrl={actor.avatarUrl} size={40} />
        ) : (
          <span className="notification__icon">
            <BellIcon width={20} height={20} />
          </span>
        )}
        <span className="notification__body">
          <span className="notification__text">{notification.text}</span>
          <time className="notification__time" dateTime={notification.updatedAt} title={commentTimeTitle(notification.updatedAt)}>
            {commentAge(notification.updatedAt)}
          </time>
        </span>
        {!notification.read && <span className="notification__unread" aria-label={M.unread} />}
      </a>
    </li>
  );
}
