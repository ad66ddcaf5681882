import { TITLE_KIND_LABELS, type TitleCard } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { TEXT } from '../../app/messages';

/** The id of a result's option, for the field's aria-activedescendant. */
export function resultOptionId(listId: string, index: number): string {
  return `${listId}-${index}`;
}

/** The live search's dropdown: poster, name, year and kind of each result, linking to its page. */
export function SearchResultsList({
  id,
  titles,
  activeIndex,
  onChoose,
}: {
  id: string;
  titles: TitleCard[];
  activeIndex: number;
  onChoose: () => void;
}) {
  return (
    <ul id={id} className="search-results" role="listbox" aria-label={TEXT.search.label}>
      {titles.map((title, index) => (
        <li
          key={`${title.kind}/${title.slug}`}
          id={resultOptionId(id, index)}
          role="option"
          aria-selected={index === activeIndex}
          className={index === activeIndex ? 'search-result search-result--active' : 'search-result'}
        >
          <Link
            to={`/${title.kind}/$slug`}
            params={{ slug: title.slug }}
            className="search-result__link"
            tabIndex={-1}
            onClick={onChoose}
          >
            <img className="search-result__poster" src={title.posterUrl} alt="" width={40} height={60} loading="lazy" />
            <span className="search-result__text">
              <span className="search-result__name">{title.name}</span>
              <span className="search-result__meta">
                {title.year} · {TITLE_KIND_LABELS[title.kind]}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
