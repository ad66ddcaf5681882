import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { TEXT } from '../app/messages';
import { focusableIn, keepFocusInside } from './focusTrap';
import { CloseIcon } from './icons';
import './dialog.css';

interface DialogProps {
  title: string;
  children: ReactNode;
  /** Escape, the close button and a click on the backdrop call it; without it the dialog only closes from inside. */
  onClose?: () => void;
  /** Hides the title visually (it still names the dialog). */
  hideTitle?: boolean;
  className?: string;
  busy?: boolean;
}

/**
 * A modal dialog over the page, portalled to <body>: focus moves into it, stays inside it and goes
 * back to where it was when the dialog closes.
 */
export function Dialog({ title, children, onClose, hideTitle, className, busy }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const returnFocusTo = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    // The first field if there is one, else the first control, else the panel itself.
    if (panel) {
      const field = panel.querySelector<HTMLElement>('input, textarea, select');
      (field ?? focusableIn(panel)[0] ?? panel).focus();
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && closeRef.current) closeRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, []);

  return createPortal(
    <div className="dialog">
      <div className="dialog__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        className={className ? `dialog__panel ${className}` : 'dialog__panel'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy || undefined}
        tabIndex={-1}
        onKeyDown={keepFocusInside}
      >
        {hideTitle && !onClose ? (
          <h2 id={titleId} className="visually-hidden">
            {title}
          </h2>
        ) : (
          <div className="dialog__header">
            <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
              {title}
            </h2>
            {onClose && (
              <button
                type="button"
                className="icon-button dialog__close"
                aria-label={TEXT.closeDialog}
                onClick={onClose}
              >
                <CloseIcon />
              </button>
            )}
          </div>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
