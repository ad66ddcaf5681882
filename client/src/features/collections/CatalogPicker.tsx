import { COLLECTION_MESSAGES as M, COLLECTION_RULES as R, type CollectionTitle } from '@seyirlik/shared-contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { messageOf } from '../../lib/api';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { Spinner } from '../../ui/Spinner';
import { searchCollectionTitles } from './collectionsApi';

/**
 * The create modal's catalog search (seed §5, §9): asks the server once the text has at least
 * COLLECTION_RULES.searchMinLength characters and stopped changing for searchDebounceMs. Each title
 * found offers "Ekle", or says "Eklendi" when it is in the selected list (a click takes it out again).
 */
export function CatalogPicker({ selected, onToggle, disabled }: { selected: ReadonlySet<number>; onToggle: (title: CollectionTitle) => void; disabled: boolean }) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), R.searchDebounceMs);
  const q = Array.from(settled).length >= R.searchMinLength ? settled : '';
  const search = useQuery({ queryKey: ['collections', 'search', q], queryFn: () => searchCollectionTitles(q), enabled: q !== '' });
  const titles = q === '' ? [] : (search.data?.titles ?? []);

  return (
    <section className="catalog-picker">
      <label className="field__label" htmlFor={inputId}>
        {M.search}
      </label>
      <input
        id={inputId}
        type="search"
        className="field__input"
        value={query}
        placeholder={M.searchPlaceholder}
        maxLength={R.searchMaxLength}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
      />
      {settled !== '' && q === '' && <p className="field__hint">{M.queryTooShort}</p>}
      {q !== '' && search.isFetching && <Spinner />}
      {q !== '' && search.isError && (
        <p className="field__error" role="alert">
          {messageOf(search.error)}
        </p>
      )}
      {q !== '' && search.isSuccess && titles.length === 0 && <p className="catalog-picker__none">{M.noResults}</p>}
      {titles.length > 0 && (
        <ul className="catalog-picker__results">
          {titles.map((title) => {
            const added = selected.has(title.id);
            return (
              <li key={title.id} className="catalog-picker__row">
                <img src={title.posterUrl} alt="" width={32} height={48} loading="lazy" />
                <span className="catalog-picker__name">
                  {title.name} <span className="catalog-picker__year">({title.year})</span>
                </span>
                <button
                  type="button"
                  className={added ? 'button button--primary catalog-picker__toggle' : 'button button--secondary catalog-picker__toggle'}
                  aria-pressed={added}
                  aria-label={`${added ? M.added : M.add}: ${title.name}`}
                  disabled={disabled}
                  onClick={() => onToggle(title)}
                >
                  {added ? M.added : M.add}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
