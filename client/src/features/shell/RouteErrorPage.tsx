import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { TEXT } from '../../app/messages';
import { ApiError } from '../../lib/api';

/** A page whose data could not be loaded: the server's message when there is one, and a retry. */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <section className="not-found" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title" className="not-found__title">
        {TEXT.routeError}
      </h1>
      {error instanceof ApiError && <p className="not-found__detail">{error.message}</p>}
      <button
        type="button"
        className="button button--primary"
        onClick={() => void router.invalidate()}
      >
        {TEXT.retry}
      </button>
    </section>
  );
}
