import { createFileRoute } from '@tanstack/react-router';
import { RequestPage } from '../features/requests/RequestPage';

/** One content request's page. */
export const Route = createFileRoute('/istekler/$id')({
  component: RequestRoute,
});

function RequestRoute() {
  const { id } = Route.useParams();
  const requestId = Number(id);
  return <RequestPage key={id} id={Number.isSafeInteger(requestId) && requestId > 0 ? requestId : 0} />;
}
