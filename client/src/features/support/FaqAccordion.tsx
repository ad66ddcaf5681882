import type { FaqEntry } from '@seyirlik/shared-contracts';
import { useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The FAQ accordion (seed §4): opening one answer closes the others. Each question is a button
 * with aria-expanded and aria-controls; Enter and Space toggle it, the arrow keys, Home and End
 * move between questions.
 */
export function FaqAccordion({ entries }: { entries: readonly FaqEntry[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const idPrefix = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = entries.length - 1;
    const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className="faq">
      {entries.map((entry, index) => {
        const open = entry.id === openId;
        const buttonId = `${idPrefix}-${entry.id}-question`;
        const panelId = `${idPrefix}-${entry.id}-answer`;
        return (
          <div key={entry.id} className={open ? 'faq__item faq__item--open' : 'faq__item'}>
            <h2 className="faq__heading">
              <button
                ref={(button) => {
                  buttons.current[index] = button;
                }}
                id={buttonId}
                type="button"
                className="faq__question"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : entry.id)}
                onKeyDown={(event) => moveFocus(event, index)}
              >
                {entry.question}
              </button>
            </h2>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!open}>
              <p>{entry.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
