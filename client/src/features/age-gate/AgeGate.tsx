import { ACCOUNT_MESSAGES } from '@seyirlik/shared-contracts';
import type { ReactNode } from 'react';
import { TEXT } from '../../app/messages';
import { Dialog } from '../../ui/Dialog';
import { useAgeGate } from './useAgeGate';
import './age-gate.css';

/**
 * Wraps a page for adult viewers: its content renders only once the visitor has confirmed being
 * over 18 (now, or within the cookie's lifetime); until then an overlay asks.
 */
export function AgeGate({ children }: { children: ReactNode }) {
  const { confirmed, confirm, refuse } = useAgeGate();
  if (confirmed) return children;
  return (
    <>
      <div className="age-gate__veil" aria-hidden="true" />
      <Dialog title={TEXT.ageGate.title} hideTitle className="age-gate">
        <p className="age-gate__badge" aria-hidden="true">
          18+
        </p>
        <p className="age-gate__question">{ACCOUNT_MESSAGES.ageGateQuestion}</p>
        <div className="age-gate__actions">
          <button type="button" className="button button--primary" onClick={confirm}>
            {ACCOUNT_MESSAGES.ageGateConfirm}
          </button>
          <button type="button" className="button button--secondary" onClick={refuse}>
            {ACCOUNT_MESSAGES.ageGateRefuse}
          </button>
        </div>
      </Dialog>
    </>
  );
}
