import {
  COMMENT_REPORT_REASON_LABELS,
  COMMENT_REPORT_REASONS,
  reportCommentBodySchema,
  type CommentReportReason,
} from '@seyirlik/shared-contracts';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../ui/Dialog';
import { SubmitButton } from '../../ui/SubmitButton';
import { COMMENT_TEXT } from './texts';

/**
 * The report modal: a reason, and a description ("Diğer" needs one). Comments use it, and so do
 * topics and posts (ReportButton). The shared schema gives the
 * same Turkish message the server would; `onSend` reports the server's refusal itself.
 */
export function ReportCommentDialog({
  onSend,
  onClose,
  title = COMMENT_TEXT.reportTitle,
  question = COMMENT_TEXT.reportReason,
}: {
  onSend: (report: { reason: CommentReportReason; description: string }) => Promise<void>;
  onClose: () => void;
  /** The dialog's title and question, for something other than a comment (a topic, a post). */
  title?: string;
  question?: string;
}) {
  const [reason, setReason] = useState<CommentReportReason | null>(null);
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const descriptionId = useId();
  const problemId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportCommentBodySchema.safeParse({ reason: reason ?? undefined, description });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    setPending(true);
    try {
      await onSend({ reason: parsed.data.reason, description: parsed.data.description });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title={title} onClose={pending ? undefined : onClose} busy={pending}>
      <form className="form" onSubmit={submit} noValidate aria-describedby={problem ? problemId : undefined}>
        <fieldset className="comment-report__reasons">
          <legend className="field__label">{question}</legend>
          {COMMENT_REPORT_REASONS.map((value) => (
            <label key={value} className="comment-report__reason">
              <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
              <span>{COMMENT_REPORT_REASON_LABELS[value]}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={descriptionId}>
            {COMMENT_TEXT.reportDescription}
          </label>
          <textarea
            id={descriptionId}
            className="field__input field__input--multiline"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          <p className="field__hint">{COMMENT_TEXT.reportDescriptionHint}</p>
        </div>
        {problem ? (
          <p id={problemId} className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="form__actions comment-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={pending}>
            {COMMENT_TEXT.cancel}
          </button>
          <SubmitButton pending={pending}>{COMMENT_TEXT.reportSend}</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
