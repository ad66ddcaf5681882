import { TEXT } from '../../app/messages';
import { NEW_TITLES_COUNT } from './catalogApi';
import { TitleCardLink } from './TitleCardLink';
import { useNewTitles } from './useNewTitles';
import './catalog.css';

/**
 * The home page's "Yeni eklenenler" grid. A failed load hides the section: seed §8 ignores
 * network errors where no message is called for, and the greeting above still stands.
 */
export function NewTitlesSection() {
  const state = useNewTitles();
  if (state.status === 'failed') return null;
  if (state.status === 'ready' && state.titles.length === 0) return null;

  return (
    <section className="new-titles" aria-labelledby="new-titles-heading">
      <h2 id="new-titles-heading" className="new-titles__heading">
        {TEXT.catalog.newTitles}
      </h2>
      {state.status === 'loading' ? (
        <div className="title-grid" role="status" aria-busy="true">
          <span className="visually-hidden">{TEXT.loading}</span>
          {Array.from({ length: NEW_TITLES_COUNT }, (_, index) => (
            <span key={index} className="title-card title-card--skeleton" aria-hidden="true">
              <span className="title-card__poster skeleton" />
              <span className="title-card__name skeleton" />
            </span>
          ))}
        </div>
      ) : (
        <ul className="title-grid">
          {state.titles.map((title) => (
            <li key={`${title.kind}/${title.slug}`}>
              <TitleCardLink title={title} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
