import { createFileRoute } from '@tanstack/react-router';
import { RequestsPage } from '../features/requests/RequestsPage';

/** Content requests: search, new requests and votes. */
export const Route = createFileRoute('/istekler/')({
  component: RequestsPage,
});
