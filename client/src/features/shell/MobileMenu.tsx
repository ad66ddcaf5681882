import { useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { TEXT } from '../../app/messages';
import { keepFocusInside } from '../../ui/focusTrap';
import { CloseIcon, MenuIcon } from '../../ui/icons';
import { SearchBox } from '../search/SearchBox';
import { MobileAccountEntries } from '../session/MobileAccountEntries';
import { NavLinks } from './NavLinks';

/**
 * The hamburger button and the menu it opens under 768 px. The menu closes on its close button,
 * on Escape, on a click outside it and whenever the page changes.
 */
export function MobileMenu() {
  const location = useRouterState({ select: (state) => state.location.href });
  // Remembering where the menu was opened closes it on navigation without an effect.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();

  const close = useCallback(() => {
    setOpenedAt(null);
    toggleRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close]);

  const closeOnLinkClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a')) setOpenedAt(null);
  };

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="icon-button mobile-menu__toggle"
        aria-label={TEXT.openMenu}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpenedAt(location)}
      >
        <MenuIcon />
      </button>
      {/* Portalled to <body>: the header's backdrop filter would otherwise clip a fixed overlay to the header. */}
      {open &&
        createPortal(
          <div className="mobile-menu">
            <div className="mobile-menu__backdrop" onClick={close} aria-hidden="true" />
            <div
              id={panelId}
              className="mobile-menu__panel"
              role="dialog"
              aria-modal="true"
              aria-labelledby={titleId}
              onKeyDown={keepFocusInside}
            >
              <div className="mobile-menu__header">
                <p id={titleId} className="mobile-menu__title">
                  {TEXT.menuTitle}
                </p>
                <button
                  ref={closeRef}
                  type="button"
                  className="icon-button"
                  aria-label={TEXT.closeMenu}
                  onClick={close}
                >
                  <CloseIcon />
                </button>
              </div>
              <SearchBox className="mobile-menu__search" />
              <nav aria-label={TEXT.navigationLabel} onClick={closeOnLinkClick}>
                <NavLinks />
              </nav>
              <MobileAccountEntries onLogout={close} />
            </div>
          </div>,
          document.body,
        )}
    </>
  );
}
