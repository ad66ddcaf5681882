import { MESSAGES } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { TEXT } from '../../app/messages';
import { HomeIcon } from '../../ui/icons';

export function NotFoundPage() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        {TEXT.notFound.code}
      </p>
      <h1 id="not-found-title" className="not-found__title">
        {MESSAGES.notFound}
      </h1>
      <Link to="/" className="button button--primary">
        <HomeIcon width={18} height={18} />
        <span>{TEXT.notFound.backHome}</span>
      </Link>
    </section>
  );
}
