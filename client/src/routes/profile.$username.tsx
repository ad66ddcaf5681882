import { ACCOUNT_MESSAGES } from '@seyirlik/shared-contracts';
import { createFileRoute } from '@tanstack/react-router';
import { loadPublicProfile } from '../features/profile/profileApi';
import { ProfilePage } from '../features/profile/ProfilePage';
import { NotFoundPage } from '../features/shell/NotFoundPage';

export const Route = createFileRoute('/profile/$username')({
  loader: ({ params }) => loadPublicProfile(params.username),
  component: ProfileRoute,
  notFoundComponent: () => <NotFoundPage title={ACCOUNT_MESSAGES.profileNotFound} />,
});

function ProfileRoute() {
  return <ProfilePage profile={Route.useLoaderData()} />;
}
