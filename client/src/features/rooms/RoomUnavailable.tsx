import { Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { TEXT } from '../../app/messages';
import { useLoginModal } from '../session/loginModal';
import { useSessionUser } from '../session/session';
import './rooms.css';

/**
 * Why this person cannot enter the room, in the server's words: an unknown code, not invited, or
 * not logged in (then with the login modal at hand; the room loads again once they are).
 */
export function RoomUnavailable({ httpStatus, message }: { httpStatus: number; message: string }) {
  const member = useSessionUser();
  const loginModal = useLoginModal();
  const router = useRouter();
  const needsLogin = httpStatus === 401;

  useEffect(() => {
    if (needsLogin && member) void router.invalidate();
  }, [needsLogin, member, router]);

  return (
    <section className="room-closed">
      <h1 className="room-closed__message">{message}</h1>
      {needsLogin ? (
        <button type="button" className="button button--primary" onClick={() => loginModal.open()}>
          {TEXT.login}
        </button>
      ) : (
        <Link to="/" className="button button--secondary">
          {TEXT.notFound.backHome}
        </Link>
      )}
    </section>
  );
}
