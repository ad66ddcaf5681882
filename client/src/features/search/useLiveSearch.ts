import { LIMITS, type TitleCard } from '@seyirlik/shared-contracts';
import { useEffect, useState } from 'react';
import { messageOf } from '../../lib/api';
import { searchTitles } from './searchApi';

export type LiveSearchState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'ready'; query: string; titles: TitleCard[] }
  | { status: 'failed'; query: string; message: string };

/**
 * Searches for `query` (already debounced and trimmed) once it is long enough. A reply for a
 * query the visitor has since changed is dropped, so results never arrive out of order.
 */
export function useLiveSearch(query: string): LiveSearchState {
  const [state, setState] = useState<LiveSearchState>({ status: 'idle' });
  const searchable = query.length >= LIMITS.liveSearchMinLength;

  useEffect(() => {
    if (!searchable) return;
    let current = true;
    setState({ status: 'loading', query });
    searchTitles(query).then(
      (titles) => current && setState({ status: 'ready', query, titles }),
      (error: unknown) => current && setState({ status: 'failed', query, message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [query, searchable]);

  return searchable && state.status !== 'idle' && state.query === query ? state : { status: 'idle' };
}
