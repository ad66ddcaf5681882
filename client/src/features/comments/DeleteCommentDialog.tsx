import { useState, type FormEvent } from 'react';
import { Dialog } from '../../ui/Dialog';
import { SubmitButton } from '../../ui/SubmitButton';
import { COMMENT_TEXT } from './texts';

/** Seed §5: deleting a comment needs confirmation. `onConfirm` reports its own failure. */
export function DeleteCommentDialog({ onConfirm, onClose }: { onConfirm: () => Promise<void>; onClose: () => void }) {
  const [pending, setPending] = useState(false);
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog title={COMMENT_TEXT.deleteTitle} onClose={pending ? undefined : onClose} busy={pending}>
      <form className="form" onSubmit={confirm}>
        <p>{COMMENT_TEXT.deleteQuestion}</p>
        <div className="form__actions comment-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={pending}>
            {COMMENT_TEXT.cancel}
          </button>
          <SubmitButton pending={pending}>{COMMENT_TEXT.deleteConfirm}</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
