import type { HomeRows } from '@seyirlik/shared-contracts';
import { useEffect, useState } from 'react';
import { fetchHomeRows } from './homeApi';

type HomeRowsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; rows: HomeRows };

/** The home page's rows, fetched once per mount. */
export function useHomeRows(): HomeRowsState {
  const [state, setState] = useState<HomeRowsState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    fetchHomeRows().then(
      (rows) => current && setState({ status: 'ready', rows }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);

  return state;
}
