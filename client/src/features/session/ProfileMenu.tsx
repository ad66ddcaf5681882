import type { SessionUser } from '@seyirlik/shared-contracts';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { TEXT } from '../../app/messages';
import { Avatar } from '../../ui/Avatar';
import { ChevronDownIcon, SettingsIcon, UserIcon } from '../../ui/icons';
import { LogoutButton } from './LogoutButton';
import './session.css';

/**
 * The member's dropdown in the header: Profilim, Ayarlar, Çıkış Yap. It closes on Escape, on a
 * click outside it, when one of its entries is chosen and whenever the page changes.
 */
export function ProfileMenu({ user }: { user: SessionUser }) {
  const location = useRouterState({ select: (state) => state.location.href });
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location;
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenedAt(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenedAt(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const closeOnChoice = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a, button')) setOpenedAt(null);
  };

  return (
    <div ref={rootRef} className="profile-menu">
      <button
        ref={toggleRef}
        type="button"
        className="profile-menu__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpenedAt(open ? null : location)}
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
