import { EMOJI_CHOICES } from '@seyirlik/shared-contracts';
import { useRef } from 'react';
import { COMMENT_TEXT } from './texts';

/** The emoji comments keep as short codes, one click each; picking closes the list. */
export function EmojiPicker({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details ref={details} className="emoji-picker">
      <summary className="icon-button emoji-picker__toggle" aria-label={COMMENT_TEXT.emojiLabel} title={COMMENT_TEXT.emojiLabel}>
        <span aria-hidden="true">😊</span>
      </summary>
      <div className="emoji-picker__grid">
        {EMOJI_CHOICES.map(({ emoji, code }) => (
          <button
            key={code}
            type="button"
            className="emoji-picker__choice"
            title={`:${code}:`}
            aria-label={`:${code}:`}
            disabled={disabled}
            onClick={() => {
              onPick(emoji);
              details.current?.removeAttribute('open');
            }}
          >
            {emoji}
          </button>
        ))}
      </div>
    </details>
  );
}
