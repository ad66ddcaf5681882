import { createFileRoute } from '@tanstack/react-router';
import { DiscussionPage } from '../features/discussions/DiscussionPage';

/** A topic's page with its replies. */
export const Route = createFileRoute('/tartismalar/$id')({
  component: DiscussionRoute,
});

function DiscussionRoute() {
  const { id } = Route.useParams();
  const topicId = /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : 0;
  // Another topic is another page: its replies and channel start over.
  return <DiscussionPage key={topicId} id={topicId} />;
}
