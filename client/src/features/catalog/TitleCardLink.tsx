import { TITLE_KIND_LABELS, type TitleCard } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { TEXT } from '../../app/messages';
import { formatImdb } from '../../lib/format';

/** A title in a grid or list: poster, name, year, IMDb and kind, linking to its page. */
export function TitleCardLink({ title }: { title: TitleCard }) {
  return (
    <Link
      to={`/${title.kind}/$slug`}
      params={{ slug: title.slug }}
      className="title-card"
    >
      <span className="title-card__poster">
        <img src={title.posterUrl} alt="" loading="lazy" width={240} height={360} />
      </span>
      <span className="title-card__name">{title.name}</span>
      {/* Below the poster, not on it: the drawn demo posters already print kind and year there. */}
      <span className="title-card__meta">
        <span className="badge">{TITLE_KIND_LABELS[title.kind]}</span>
        {title.adult && <span className="badge badge--adult">{TEXT.catalog.adultBadge}</span>}
        <span>{title.year}</span>
        <span>
          <span aria-hidden="true">★ </span>
          {TEXT.catalog.imdb} {formatImdb(title.imdb)}
        </span>
      </span>
    </Link>
  );
}
