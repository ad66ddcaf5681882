import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../features/messages/MessagesPage';

/** The messages page with the conversation with `username` open (seed §2: the address after a conversation opens). */
export const Route = createFileRoute('/profile/message/$username')({
  component: ConversationRoute,
});

function ConversationRoute() {
  const { username } = Route.useParams();
  return <MessagesPage username={username} />;
}
