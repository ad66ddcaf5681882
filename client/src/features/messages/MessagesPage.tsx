import { MESSAGES_PAGE_PATH, PRIVATE_MESSAGE_MESSAGES as M, conversationPath } from '@seyirlik/shared-contracts';
import { Navigate } from '@tanstack/react-router';
import { Loading } from '../../ui/Loading';
import { useSession } from '../session/session';
import { ConversationList } from './ConversationList';
import { ConversationPane } from './ConversationPane';
import './messages.css';

/**
 * The messages page (`/mesajlar`, and `/profile/message/{username}` once a conversation is open),
 * for members only: a visitor goes to the login page and comes back.
 */
export function MessagesPage({ username }: { username: string | null }) {
  const { loaded, user } = useSession();
  if (!loaded) return <Loading />;
  if (!user) return <Navigate to="/giris-yap" search={{ redirect: username ? conversationPath(username) : MESSAGES_PAGE_PATH }} replace />;
  // A different member logging in here gets their own conversations.
  return (
    <section key={user.id} className="messages">
      <h1 className="visually-hidden">{M.pageTitle}</h1>
      <ConversationList userId={user.id} selected={username} />
      <div className="messages__pane">
        {username ? <ConversationPane key={username.toLowerCase()} userId={user.id} username={username} /> : <p className="messages__choose">{M.chooseConversation}</p>}
      </div>
    </section>
  );
}
