import { createFileRoute } from '@tanstack/react-router';
import { DiscoverPage } from '../features/discover/DiscoverPage';

export const Route = createFileRoute('/kesfet/$filter')({
  component: DiscoverRoute,
});

function DiscoverRoute() {
  const { filter } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <DiscoverPage
      encodedFilter={filter}
      onFilterChange={(encoded) => void navigate({ params: { filter: encoded }, replace: true })}
    />
  );
}
