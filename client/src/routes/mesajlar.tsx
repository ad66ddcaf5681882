import { createFileRoute, redirect } from '@tanstack/react-router';
import { MessagesPage } from '../features/messages/MessagesPage';

/** The messages page; `?user=NAME` opens or starts the conversation with that member, whose address then shows. */
export const Route = createFileRoute('/mesajlar')({
  validateSearch: (search: Record<string, unknown>): { user?: string } => (typeof search.user === 'string' && search.user ? { user: search.user } : {}),
  beforeLoad: ({ search }) => {
    if (search.user) throw redirect({ to: '/profile/message/$username', params: { username: search.user }, replace: true });
  },
  component: () => <MessagesPage username={null} />,
});
