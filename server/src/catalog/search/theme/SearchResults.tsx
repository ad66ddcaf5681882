import { SEARCH_MESSAGES, TITLE_KIND_LABELS, titlePath, type TitleCard } from '@seyirlik/shared-contracts';

function SearchResultItem({ title }: { title: TitleCard }) {
  return (
    <li className="search-result">
      <a href={titlePath(title)} className="search-result__link">
        <img src={title.posterUrl} alt="" className="search-result__poster" width={48} height={72} loading="lazy" />
        <span className="search-result__name">{title.name}</span>
        <span className="search-result__meta">
          {title.year} · {TITLE_KIND_LABELS[title.kind]}
        </span>
      </a>
    </li>
  );
}

/** The left bar's search results as legacy clients insert them: links with posters, or a note. */
export function SearchResults({ titles }: { titles: TitleCard[] }) {
  if (titles.length === 0) return <p className="search-results__empty">{SEARCH_MESSAGES.noResults}</p>;
  return (
    <ul className="search-results">
      {titles.map((title) => (
        <SearchResultItem key={`${title.kind}/${title.slug}`} title={title} />
      ))}
    </ul>
  );
}
