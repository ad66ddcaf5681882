import { Avatar } from '../../ui/Avatar';
import { LogoutButton } from './LogoutButton';
import { useSessionUser } from './session';
import './session.css';

/**
 * The member's part of the mobile menu: who is logged in and "Çıkış Yap" (Profilim and Ayarlar
 * are among the navigation links). `onLogout` closes the menu.
 */
export function MobileAccountEntries({ onLogout }: { onLogout: () => void }) {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <div className="mobile-account">
      <div className="mobile-account__who">
        <Avatar name={user.profileName} imageUrl={user.avatarUrl} size={40} />
        <div className="profile-menu__identity">
          <p className="profile-menu__profile-name">{user.profileName}</p>
          <p className="profile-menu__username">@{user.username}</p>
        </div>
      </div>
      <LogoutButton className="mobile-account__logout" onChosen={onLogout} />
    </div>
  );
}
