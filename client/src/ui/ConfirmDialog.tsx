import { useState, type FormEvent } from 'react';
import { messageOf } from '../lib/api';
import { Dialog } from './Dialog';
import { SubmitButton } from './SubmitButton';

interface ConfirmDialogProps {
  title: string;
  /** The question asked, in the feature's words. */
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** Asks before an action that cannot be undone (a deletion); a failure is shown here and the dialog stays. */
export function ConfirmDialog({ title, question, confirmLabel, cancelLabel, onConfirm, onClose }: ConfirmDialogProps) {
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
    <Dialog title={title} onClose={pending ? undefined : onClose} busy={pending}>
      <form className="form" onSubmit={confirm}>
        <p>{question}</p>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </button>
          <SubmitButton pending={pending}>{confirmLabel}</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
