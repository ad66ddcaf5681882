import { createFileRoute } from '@tanstack/react-router';
import { GroupPage } from '../features/groups/GroupPage';

/** A group's page; `#manage` opens its edit modal for the owner. */
export const Route = createFileRoute('/grup/$slug')({
  component: GroupRoute,
});

function GroupRoute() {
  const { slug } = Route.useParams();
  // Another group is another page: its posts, members and channel start over.
  return <GroupPage key={slug} slug={slug} />;
}
