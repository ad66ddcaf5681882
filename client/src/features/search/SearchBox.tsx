import { LIMITS, SEARCH_MESSAGES } from '@seyirlik/shared-contracts';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { TEXT } from '../../app/messages';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { SearchIcon } from '../../ui/icons';
import { resultOptionId, SearchResultsList } from './SearchResultsList';
import { useLiveSearch } from './useLiveSearch';
import './search.css';

/**
 * The live search field (seed §5: starts at 3 characters, 300 ms after typing stops), with a
 * dropdown of results: arrows move through them, Enter opens one, Escape closes the list.
 */
export function SearchBox({ className }: { className?: string }) {
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), LIMITS.liveSearchDebounceMs);
  const tooShort = query.length > 0 && query.length < LIMITS.liveSearchMinLength;
  const search = useLiveSearch(query);
  // The query whose list the visitor closed (Escape, a chosen result, focus leaving).
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const [active, setActive] = useState({ query: '', index: -1 });
  const navigate = useNavigate();
  const hintId = useId();
  const listId = useId();

  const open = closedFor !== query && (search.status === 'ready' || search.status === 'failed');
  const titles = open && search.status === 'ready' ? search.titles : [];
  const activeIndex = active.query === query ? active.index : -1;
  const message = !open
    ? null
    : search.status === 'failed'
      ? search.message
      : titles.length === 0
        ? SEARCH_MESSAGES.noResults
        : null;
  const describedBy = tooShort || message ? hintId : undefined;

  const close = () => setClosedFor(query);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && titles.length > 0) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive({ query, index: (activeIndex + step + titles.length) % titles.length });
    } else if (event.key === 'Enter' && titles[activeIndex]) {
      event.preventDefault();
      const { kind, slug } = titles[activeIndex];
      close();
      void navigate({ to: `/${kind}/$slug`, params: { slug } });
    }
  };

  const closeWhenFocusLeaves = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };

  return (
    <div
      className={className ? `search-box ${className}` : 'search-box'}
      role="search"
      onBlur={closeWhenFocusLeaves}
    >
      <div className="search-box__field">
        <SearchIcon className="search-box__icon" />
        <input
          type="search"
          className="search-box__input"
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            setClosedFor(null);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setClosedFor(null)}
          placeholder={TEXT.search.placeholder}
          aria-label={TEXT.search.label}
          aria-describedby={describedBy}
          aria-controls={titles.length > 0 ? listId : undefined}
          aria-activedescendant={activeIndex >= 0 ? resultOptionId(listId, activeIndex) : undefined}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      {(tooShort || message) && (
        <p id={hintId} className="search-box__hint" role="status">
          {tooShort ? TEXT.search.tooShort : message}
        </p>
      )}
      {titles.length > 0 && <SearchResultsList id={listId} titles={titles} activeIndex={activeIndex} onChoose={close} />}
    </div>
  );
}
