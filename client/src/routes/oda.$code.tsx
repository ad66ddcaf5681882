import { createFileRoute } from '@tanstack/react-router';
import { RoomPage } from '../features/rooms/RoomPage';
import { RoomUnavailable } from '../features/rooms/RoomUnavailable';
import { loadRoomPage } from '../features/rooms/roomsApi';
import { Loading } from '../ui/Loading';

export const Route = createFileRoute('/oda/$code')({
  loader: ({ params }) => loadRoomPage(params.code),
  pendingComponent: Loading,
  component: RoomRoute,
});

function RoomRoute() {
  const page = Route.useLoaderData();
  if (page.status === 'closed') return <RoomUnavailable httpStatus={page.httpStatus} message={page.message} />;
  // Another room is another page: its chat, player and connection start over.
  return <RoomPage key={page.room.code} room={page.room} watch={page.watch} />;
}
