import { COLLECTION_MESSAGES as M, titlePath, type CollectionTitle } from '@seyirlik/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';

/** One title found: `data-id`, `data-type` and `data-name` are the item the "Ekle" button puts in the list (§3). */
function CollectionSearchItem({ title }: { title: CollectionTitle }) {
  return (
    <li className="collection-search__item" data-id={title.id} data-type={title.kind} data-name={title.name}>
      <a className="collection-search__title" href={titlePath(title)}>
        <img className="collection-search__poster" src={title.posterUrl} alt="" width={40} height={60} loading="lazy" />
        <span className="collection-search__name">{title.name}</span>
        <span className="collection-search__year">{title.year}</span>
      </a>
      <button type="button" className="collection-search__add" data-id={title.id}>
        {M.add}
      </button>
    </li>
  );
}

/** The `theme` of `/collection/search`: the titles found, rendered by React so every name is escaped. */
export function renderCollectionSearch(titles: readonly CollectionTitle[]): string {
  return renderToStaticMarkup(
    <ul className="collection-search">
      {titles.map((title) => (
        <CollectionSearchItem key={title.id} title={title} />
      ))}
    </ul>,
  );
}
