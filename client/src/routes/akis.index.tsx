import { createFileRoute } from '@tanstack/react-router';
import { FlowPage } from '../features/flow/FlowPage';

/** The community flow: members' posts, newest first, live. */
export const Route = createFileRoute('/akis/')({
  component: () => <FlowPage startPage={1} />,
});
