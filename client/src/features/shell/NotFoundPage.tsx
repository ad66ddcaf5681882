import { MESSAGES } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { TEXT } from '../../app/messages';
import { HomeIcon } from '../../ui/icons';

/** The 404 page; a route that knows better says what was not found in `title`. */
export function NotFoundPage({ title = MESSAGES.notFound }: { title?: string }) {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        {TEXT.notFound.code}
      </p>
      <h1 id="not-found-title" className="not-found__title">
        {title}
      </h1>
      <Link to="/" className="button button--primary">
        <HomeIcon width={18} height={18} />
        <span>{TEXT.notFound.backHome}</span>
      </Link>
    </section>
  );
}
