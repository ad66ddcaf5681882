import type { TitleCard } from '@seyirlik/shared-contracts';
import { useEffect, useState } from 'react';
import { fetchNewTitles } from './catalogApi';

type NewTitlesState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; titles: TitleCard[] };

/** The newest titles for the home page, fetched once per mount. */
export function useNewTitles(): NewTitlesState {
  const [state, setState] = useState<NewTitlesState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    fetchNewTitles().then(
      (titles) => current && setState({ status: 'ready', titles }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);

  return state;
}
