import { LIMITS } from '@seyirlik/shared-contracts';
import { useId, useState } from 'react';
import { TEXT } from '../app/messages';
import './truncated-text.css';

/**
 * A paragraph cut after LIMITS.articleTruncateLength characters, with a more/less toggle
 * (seed §9). Counted in code points, so a cut never splits an emoji or other astral character.
 */
export function TruncatedText({
  text,
  limit = LIMITS.articleTruncateLength,
  className,
}: {
  text: string;
  limit?: number;
  className?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const characters = Array.from(text);
  if (characters.length <= limit) return <p className={className}>{text}</p>;

  return (
    <div className="truncated-text">
      <p id={id} className={className}>
        {expanded ? text : `${characters.slice(0, limit).join('').trimEnd()}…`}
      </p>
      <button
        type="button"
        className="truncated-text__toggle"
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((open) => !open)}
      >
        {expanded ? TEXT.catalog.readLess : TEXT.catalog.readMore}
      </button>
    </div>
  );
}
