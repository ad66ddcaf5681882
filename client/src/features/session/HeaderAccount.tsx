import { TEXT } from '../../app/messages';
import { UserIcon } from '../../ui/icons';
import { useLoginModal } from './loginModal';
import { preloadLoginModal } from './LoginModalHost';
import { ProfileMenu } from './ProfileMenu';
import { useSession } from './session';
import './session.css';

/** The header's right end: the member's menu, or "Giriş Yap" for a visitor (nothing until the session is known). */
export function HeaderAccount() {
  const { loaded, user } = useSession();
  const loginModal = useLoginModal();
  if (!loaded) return <span className="header-account__placeholder" aria-hidden="true" />;
  if (user) return <ProfileMenu user={user} />;
  return (
    <button
      type="button"
      className="button button--primary header-account__login"
      onClick={() => loginModal.open()}
      onPointerEnter={preloadLoginModal}
      onFocus={preloadLoginModal}
    >
      <UserIcon width={18} height={18} />
      <span>{TEXT.login}</span>
    </button>
  );
}
