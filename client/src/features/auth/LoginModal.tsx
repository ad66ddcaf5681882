import { TEXT } from '../../app/messages';
import { Dialog } from '../../ui/Dialog';
import { LoginForm } from './LoginForm';
import './auth.css';

/** The login modal: opened by the header's "Giriş Yap" and by a write that needs a login (`reason`). */
export function LoginModal({ reason, onClose }: { reason: string | null; onClose: () => void }) {
  return (
    <Dialog title={TEXT.login} onClose={onClose}>
      {reason ? (
        <p className="auth__notice" role="status">
          {reason}
        </p>
      ) : (
        <p className="auth__intro">{TEXT.auth.loginIntro}</p>
      )}
      <LoginForm onLeave={onClose} />
    </Dialog>
  );
}
