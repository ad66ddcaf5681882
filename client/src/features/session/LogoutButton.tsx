import { TEXT } from '../../app/messages';
import { LogoutIcon } from '../../ui/icons';
import { useLogout } from './useLogout';

/** "Çıkış Yap"; `onChosen` lets the menu holding it close first. */
export function LogoutButton({
  className,
  onChosen,
}: {
  className: string;
  onChosen?: () => void;
}) {
  const logout = useLogout();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        onChosen?.();
        void logout();
      }}
    >
      <LogoutIcon width={18} height={18} />
      <span>{TEXT.logout}</span>
    </button>
  );
}
