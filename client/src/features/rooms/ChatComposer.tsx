import { chatTextSchema, MESSAGES, ROOM_MESSAGES, ROOM_RULES } from '@seyirlik/shared-contracts';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSendKey } from '../../app/sendKey';
import { Spinner } from '../../ui/Spinner';
import { useFailureToast } from '../session/useFailureToast';

/** Cuts typed or pasted text at the message limit, counted in characters as the server counts them. */
function withinLimit(value: string): string {
  const characters = [...value];
  return characters.length > ROOM_RULES.messageMaxLength ? characters.slice(0, ROOM_RULES.messageMaxLength).join('') : value;
}

/**
 * The chat's write box: Enter sends (Shift+Enter breaks the line), the counter shows what is left
 * of the limit (the comment box's text at the limit, seed §5), an empty message is refused with the
 * shared schema's Turkish message before anything is sent, and the button is disabled while a
 * message is on its way (seed §4). The text stays when the send fails, and a retry of it goes
 * with the same idempotency key, so a send whose answer was lost is not stored twice.
 */
export function ChatComposer({
  send,
  typed,
  stopped,
}: {
  send: (text: string, clientKey: string) => Promise<void>;
  typed: () => void;
  stopped: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const showFailure = useFailureToast();
  const sendKey = useSendKey();
  const errorId = useId();
  const counterId = useId();
  const remaining = ROOM_RULES.messageMaxLength - [...text].length;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (pending) return;
    const parsed = chatTextSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ROOM_MESSAGES.messageEmpty);
      return;
    }
    setError(null);
    setPending(true);
    stopped();
    try {
      await send(parsed.data, sendKey.keyFor(parsed.data));
      sendKey.sent();
      setText('');
    } catch (failure) {
      showFailure(failure);
    } finally {
      setPending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form className="room-composer" onSubmit={(event) => void submit(event)} noValidate>
      <textarea
        className="field__input room-composer__input"
        rows={2}
        value={text}
        placeholder={ROOM_MESSAGES.chatPlaceholder}
        aria-label={ROOM_MESSAGES.chatPlaceholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
        onChange={(event) => {
          const value = withinLimit(event.target.value);
          setText(value);
          setError(null);
          if (value.trim()) typed();
          else stopped();
        }}
        onKeyDown={onKeyDown}
      />
      <div className="room-composer__footer">
        <span id={counterId} className={remaining === 0 ? 'room-composer__counter room-composer__counter--full' : 'room-composer__counter'}>
          {remaining === 0 ? MESSAGES.commentLimitReached : ROOM_MESSAGES.messageRemaining(remaining)}
        </span>
        <button type="submit" className="button button--primary room-composer__send" disabled={pending} aria-busy={pending || undefined}>
          {pending ? <Spinner /> : null}
          <span>{ROOM_MESSAGES.send}</span>
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
