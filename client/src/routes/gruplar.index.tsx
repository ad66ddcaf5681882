import { createFileRoute } from '@tanstack/react-router';
import { GroupsPage } from '../features/groups/GroupsPage';

/** The groups list: search, the viewer's groups, and creating a group. */
export const Route = createFileRoute('/gruplar/')({
  component: GroupsPage,
});
