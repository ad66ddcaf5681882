import { useState } from 'react';
import { messageOf } from '../lib/api';
import { Spinner } from './Spinner';

/** What "load more" needs of an infinite query. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
}

/**
 * "Load more" under a paged list: shown while there is a further page, disabled with a spinner
 * while it loads. Seed §8: a failed load shows the error and the button goes (until the list is
 * shown again).
 */
export function LoadMoreButton({ pages, label, className }: { pages: MorePages; label: string; className?: string }) {
  const [error, setError] = useState<string | null>(null);
  const loadMore = async () => {
    const result = await pages.fetchNextPage();
    if (result.isError) setError(messageOf(result.error));
  };
  if (error) {
    return (
      <p className={className ? `field__error ${className}` : 'field__error'} role="alert">
        {error}
      </p>
    );
  }
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className={className ? `button button--secondary ${className}` : 'button button--secondary'}
      disabled={pages.isFetchingNextPage}
      onClick={() => void loadMore()}
    >
      {pages.isFetchingNextPage && <Spinner />}
      <span>{label}</span>
    </button>
  );
}
