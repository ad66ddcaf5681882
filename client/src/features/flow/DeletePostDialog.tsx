import { FLOW_MESSAGES as M } from '@seyirlik/shared-contracts';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../lib/api';
import { Dialog } from '../../ui/Dialog';
import { SubmitButton } from '../../ui/SubmitButton';

/** Asks before deleting one's own post; a failure is shown here and the dialog stays. */
export function DeletePostDialog({ onConfirm, onClose }: { onConfirm: () => Promise<void>; onClose: () => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(messageOf(failure));
      setPending(false);
    }
  };
  return (
    <Dialog title={M.delete} onClose={pending ? undefined : onClose} busy={pending}>
      <form className="form" onSubmit={confirm}>
        <p>{M.deleteConfirm}</p>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={pending}>
            {M.cancel}
          </button>
          <SubmitButton pending={pending}>{M.delete}</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
