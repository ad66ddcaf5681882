import type { SessionUser } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { TEXT } from '../../app/messages';
import { useDropdown } from '../../lib/useDropdown';
import { Avatar } from '../../ui/Avatar';
import { ChevronDownIcon, SettingsIcon, UserIcon } from '../../ui/icons';
import { LogoutButton } from './LogoutButton';
import './session.css';

/**
 * The member's dropdown in the header: Profilim, Ayarlar, Çıkış Yap. It closes on Escape, on a
 * click outside it, when one of its entries is chosen and whenever the page changes.
 */
export function ProfileMenu({ user }: { user: SessionUser }) {
  const { open, setOpen, rootRef, toggleRef, panelId } = useDropdown();

  const closeOnChoice = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a, button')) setOpen(false);
  };

  return (
    <div ref={rootRef} className="profile-menu">
      <button
        ref={toggleRef}
        type="button"
        className="profile-menu__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        <Avatar name={user.profileName} imageUrl={user.avatarUrl} size={34} />
        <span className="profile-menu__name">{user.profileName}</span>
        <ChevronDownIcon className="profile-menu__chevron" width={16} height={16} />
      </button>
      {open && (
        <div id={panelId} className="profile-menu__panel" onClick={closeOnChoice}>
          <div className="profile-menu__who">
            <Avatar name={user.profileName} imageUrl={user.avatarUrl} size={44} />
            <div className="profile-menu__identity">
              <p className="profile-menu__profile-name">{user.profileName}</p>
              <p className="profile-menu__username">@{user.username}</p>
            </div>
          </div>
          <ul className="profile-menu__items" aria-label={TEXT.accountMenuLabel}>
            <li>
              <Link
                to="/profile/$username"
                params={{ username: user.username }}
                className="profile-menu__item"
              >
                <UserIcon width={18} height={18} />
                <span>{TEXT.myProfile}</span>
              </Link>
            </li>
            <li>
              <Link to="/ayarlar" className="profile-menu__item">
                <SettingsIcon width={18} height={18} />
                <span>{TEXT.settings.title}</span>
              </Link>
            </li>
            <li>
              <LogoutButton className="profile-menu__item" />
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
