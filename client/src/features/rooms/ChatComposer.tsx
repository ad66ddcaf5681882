import { chatTextSchema, MESSAGES, ROOM_MESSAGES, ROOM_RULES } from '@seyirlik/shared-contracts';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { z } from 'zod';
import { useSendKey } from '../../app/sendKey';
import { Spinner } from '../../ui/Spinner';
import { useFailureToast } from '../session/useFailureToast';
// Its look travels with it to every page that writes with it.
import './rooms.css';

/** What a write box checks and says: the chat's, or another feature's (private messages). */
export interface ComposerRules {
  /** The shared schema of the text; its first problem is shown before anything is sent. */
  schema: z.ZodType<string, string>;
  /** Longest text, in characters as the server counts them. */
  maxLength: number;
  placeholder: string;
  remaining: (count: number) => string;
  send: string;
}

/** The watch-together chat's write box. */
export const CHAT_COMPOSER: ComposerRules = {
  schema: chatTextSchema,
  maxLength: ROOM_RULES.messageMaxLength,
  placeholder: ROOM_MESSAGES.chatPlaceholder,
  remaining: ROOM_MESSAGES.messageRemaining,
  send: ROOM_MESSAGES.send,
};

/** Cuts typed or pasted text at the limit, counted in characters as the server counts them. */
function withinLimit(value: string, maxLength: number): string {
  const characters = [...value];
  return characters.length > maxLength ? characters.slice(0, maxLength).join('') : value;
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
  rules = CHAT_COMPOSER,
}: {
  send: (text: string, clientKey: string) => Promise<void>;
  typed: () => void;
  stopped: () => void;
  rules?: ComposerRules;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const showFailure = useFailureToast();
  const sendKey = useSendKey();
  const errorId = useId();
  const counterId = useId();
  const remaining = rules.maxLength - [...text].length;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (pending) return;
    const parsed = rules.schema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.invalidInput);
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
        placeholder={rules.placeholder}
        aria-label={rules.placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
        onChange={(event) => {
          const value = withinLimit(event.target.value, rules.maxLength);
          setText(value);
          setError(null);
          if (value.trim()) typed();
          else stopped();
        }}
        onKeyDown={onKeyDown}
      />
      <div className="room-composer__footer">
        <span id={counterId} className={remaining === 0 ? 'room-composer__counter room-composer__counter--full' : 'room-composer__counter'}>
          {remaining === 0 ? MESSAGES.commentLimitReached : rules.remaining(remaining)}
        </span>
        <button type="submit" className="button button--primary room-composer__send" disabled={pending} aria-busy={pending || undefined}>
          {pending ? <Spinner /> : null}
          <span>{rules.send}</span>
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
