import { MESSAGES, ROOM_MESSAGES } from '@seyirlik/shared-contracts';
import { lazy, Suspense, useState } from 'react';
import { useLoginModal } from '../session/loginModal';
import { useSession } from '../session/session';

// The modal brings react-hook-form and the schemas: it loads when it first opens.
const CreateRoomDialog = lazy(() => import('./CreateRoomDialog').then(({ CreateRoomDialog }) => ({ default: CreateRoomDialog })));

/**
 * "Birlikte izle" on the watch page: the watch-together modal for a member, the login modal for a
 * visitor. Until the session is known it cannot be pressed: a member's click in the moment after
 * the page loads would otherwise ask them to log in.
 */
export function WatchTogetherButton({ episodeId }: { episodeId: number }) {
  const { loaded, user: member } = useSession();
  const loginModal = useLoginModal();
  const [open, setOpen] = useState(false);

  return (
    <>
      <button
        type="button"
        className="watch-controls__together"
        disabled={!loaded}
        onClick={() => (member ? setOpen(true) : loginModal.open(MESSAGES.loginRequired))}
      >
        {ROOM_MESSAGES.watchTogether}
      </button>
      {open && member ? (
        <Suspense fallback={null}>
          <CreateRoomDialog episodeId={episodeId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
