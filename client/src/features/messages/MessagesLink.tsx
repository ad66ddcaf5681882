import { MESSAGES_PAGE_PATH, PRIVATE_MESSAGE_MESSAGES as M } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { MailIcon } from '../../ui/icons';
import { useSessionUser } from '../session/session';
import { useLiveConversations, useUnreadConversations } from './useConversations';
import './messages.css';

/** The header's link to the messages page, for members: the number of unread conversations, live on every tab. */
export function MessagesLink() {
  const user = useSessionUser();
  // Another member logging in here starts over with their own conversations.
  return user ? <MemberMessagesLink key={user.id} userId={user.id} /> : null;
}

function MemberMessagesLink({ userId }: { userId: number }) {
  useLiveConversations(userId);
  const count = useUnreadConversations(userId).data?.count ?? 0;
  return (
    <Link to={MESSAGES_PAGE_PATH} className="messages-link" aria-label={count > 0 ? M.unreadBadge(count) : M.pageTitle} title={M.pageTitle}>
      <MailIcon width={20} height={20} />
      {count > 0 ? (
        <span className="count-badge" data-testid="messages-unread" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
