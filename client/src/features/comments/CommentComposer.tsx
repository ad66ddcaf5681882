import { cleanTypedText, COMMENT_MESSAGES, COMMENT_RULES, commentLength, commentTextSchema, isPlainText, rawLengthFor } from '@seyirlik/shared-contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useSendKey } from '../../app/sendKey';
import { SubmitButton } from '../../ui/SubmitButton';
import { EmojiPicker } from './EmojiPicker';
import { COMMENT_TEXT } from './texts';

interface ComposerProps {
  label: string;
  placeholder: string;
  submitLabel: string;
  /**
   * Sends the text (as typed; the server stores emoji as short codes), the spoiler flag and the
   * send's idempotency key (the same for retries of the same text); throws to keep the text.
   */
  onSend: (text: string, spoiler: boolean, clientKey: string) => Promise<void>;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** A line under the field (where a timed comment will be pinned). */
  hint?: string;
  /** Whether the spoiler box is offered (a timed comment needs none: it shows only once its second is reached). */
  withSpoiler?: boolean;
}

/**
 * Seed §5: the counter shows the characters left (an emoji counts as one, as the server counts),
 * and 'Maksimum karakter sayısına ulaştınız.' at the limit; an empty or too long comment is not
 * sent; the button is disabled while sending.
 */
export function CommentComposer({ label, placeholder, submitLabel, onSend, onCancel, autoFocus, hint, withSpoiler = true }: ComposerProps) {
  const [text, setText] = useState('');
  const [spoiler, setSpoiler] = useState(false);
  const [pending, setPending] = useState(false);
  const sendKey = useSendKey();
  const field = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const remaining = COMMENT_RULES.maxLength - commentLength(cleanTypedText(text));
  const sendable = commentTextSchema.safeParse(text).success;
  // Markup is refused by the shared rule; say so while the person types rather than at send.
  const markup = !isPlainText(text);

  const insertEmoji = (emoji: string) => {
    const element = field.current;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!sendable || pending) return;
    setPending(true);
    try {
      await onSend(text, spoiler, sendKey.keyFor(text));
      sendKey.sent();
      setText('');
      setSpoiler(false);
    } catch {
      // The caller told the person why; the text stays for another try.
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="comment-composer" onSubmit={submit} aria-busy={pending || undefined}>
      <textarea
        ref={field}
        className="field__input field__input--multiline comment-composer__text"
        aria-label={label}
        aria-describedby={counterId}
        placeholder={placeholder}
        value={text}
        // The same raw bound the server refuses first, so a huge paste cannot make counting slow.
        maxLength={rawLengthFor(COMMENT_RULES.maxLength)}
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
      />
      {hint ? <p className="comment-composer__hint">{hint}</p> : null}
      <div className="comment-composer__bar">
        <EmojiPicker onPick={insertEmoji} disabled={pending} />
        <p id={counterId} className={remaining <= 0 || markup ? 'comment-composer__counter comment-composer__counter--full' : 'comment-composer__counter'} aria-live="polite">
          {markup ? COMMENT_MESSAGES.markupNotAllowed : remaining > 0 ? COMMENT_TEXT.remaining(remaining) : COMMENT_MESSAGES.limitReached}
        </p>
        {withSpoiler ? (
          <label className="comment-composer__spoiler">
            <input type="checkbox" checked={spoiler} onChange={(event) => setSpoiler(event.target.checked)} />
            <span>{COMMENT_TEXT.spoilerToggle}</span>
          </label>
        ) : null}
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
            {COMMENT_TEXT.cancel}
          </button>
        ) : null}
        <SubmitButton pending={pending} disabled={!sendable}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
