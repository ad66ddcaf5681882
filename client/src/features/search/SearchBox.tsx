import { LIMITS } from '@seyirlik/shared-contracts';
import { useId, useState } from 'react';
import { TEXT } from '../../app/messages';
import { SearchIcon } from '../../ui/icons';
import { useDebouncedValue } from './useDebouncedValue';
import './search.css';

/**
 * The live search field (seed §5: starts at 3 characters, 300 ms after typing stops).
 * Until the catalog exists it only tells the visitor how many characters a search needs.
 */
export function SearchBox({ className }: { className?: string }) {
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), LIMITS.liveSearchDebounceMs);
  const tooShort = query.length > 0 && query.length < LIMITS.liveSearchMinLength;
  const hintId = useId();

  return (
    <div className={className ? `search-box ${className}` : 'search-box'} role="search">
      <div className="search-box__field">
        <SearchIcon className="search-box__icon" />
        <input
          type="search"
          className="search-box__input"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          placeholder={TEXT.search.placeholder}
          aria-label={TEXT.search.label}
          aria-describedby={tooShort ? hintId : undefined}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      {tooShort && (
        <p id={hintId} className="search-box__hint" role="status">
          {TEXT.search.tooShort}
        </p>
      )}
    </div>
  );
}
