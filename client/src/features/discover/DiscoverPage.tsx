import {
  DISCOVER_MESSAGES,
  LIMITS,
  decodeDiscoverFilter,
  encodeDiscoverFilter,
  type ChannelCard,
  type DiscoverFilter,
  type GenreOption,
} from '@seyirlik/shared-contracts';
import { useEffect, useMemo, useState } from 'react';
import { DISCOVER_TEXT as T, TEXT } from '../../app/messages';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { TitleCardLink } from '../catalog/TitleCardLink';
import { fetchChannels, fetchGenres } from './discoverApi';
import { DiscoverFilters } from './DiscoverFilters';
import { useDiscoverList } from './useDiscoverList';
import '../catalog/catalog.css';
import './discover.css';

/**
 * /kesfet/{filter}: the address is the filter. Every change replaces the address at once; the
 * list follows after the sliders rest for the live-search pause, so dragging sends one request.
 */
export function DiscoverPage({ encodedFilter, onFilterChange }: { encodedFilter: string; onFilterChange: (encoded: string) => void }) {
  const decoded = useMemo(() => decodeDiscoverFilter(encodedFilter), [encodedFilter]);
  const filter: DiscoverFilter = decoded.filter ?? {};
  const listedFilter = useDebouncedValue(encodedFilter, LIMITS.liveSearchDebounceMs);
  const { list, loadMore } = useDiscoverList(listedFilter);
  const [genres, setGenres] = useState<GenreOption[]>([]);
  const [channels, setChannels] = useState<ChannelCard[]>([]);

  useEffect(() => {
    let current = true;
    // Without their options the selects offer "all" only; the rest of the page works the same.
    fetchGenres().then(
      (options) => current && setGenres(options),
      () => undefined,
    );
    fetchChannels().then(
      (options) => current && setChannels(options),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <section className="discover" aria-labelledby="discover-heading">
      <h1 id="discover-heading" className="discover__heading">
        {T.title}
      </h1>
      <DiscoverFilters filter={filter} genres={genres} channels={channels} onChange={(next) => onFilterChange(encodeDiscoverFilter(next))} />
      {list.message && (
        <p className="discover__notice" role="alert">
          {list.message}
        </p>
      )}
      {list.status === 'loading' ? (
        <p className="discover__status" role="status" aria-busy="true">
          {TEXT.loading}
        </p>
      ) : list.status === 'ready' && list.titles.length === 0 ? (
        <p className="discover__status">{DISCOVER_MESSAGES.noResults}</p>
      ) : (
        <ul className="title-grid" aria-label={T.results}>
          {list.titles.map((title) => (
            <li key={`${title.kind}/${title.slug}`}>
              <TitleCardLink title={title} />
            </li>
          ))}
        </ul>
      )}
      {list.status === 'ready' && list.hasMore && (
        <button type="button" className="button button--secondary discover__more" disabled={list.loadingMore} onClick={loadMore}>
          {T.loadMore}
        </button>
      )}
    </section>
  );
}
