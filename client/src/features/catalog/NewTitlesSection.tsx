import { TEXT } from '../../app/messages';
import { SkeletonBlock, SkeletonStatus } from '../../ui/Skeleton';
import { NEW_TITLES_COUNT } from './catalogApi';
import { TitleCardLink } from './TitleCardLink';
import { useNewTitles } from './useNewTitles';
import './catalog.css';

/**
 * The home page's "Yeni eklenenler" grid. A failed load hides the section: seed §8 ignores
 * network errors where no message is called for, and the greeting above still stands.
 */
export function NewTitlesSection() {
  const { data: titles, isError } = useNewTitles();
  if (isError) return null;
  if (titles?.length === 0) return null;

  return (
    <section className="new-titles" aria-labelledby="new-titles-heading">
      <h2 id="new-titles-heading" className="new-titles__heading">
        {TEXT.catalog.newTitles}
      </h2>
      {titles ? (
        <ul className="title-grid">
          {titles.map((title) => (
            <li key={`${title.kind}/${title.slug}`}>
              <TitleCardLink title={title} />
            </li>
          ))}
        </ul>
      ) : (
        <SkeletonStatus className="title-grid">
          {Array.from({ length: NEW_TITLES_COUNT }, (_, index) => (
            <span key={index} className="title-card title-card--skeleton" aria-hidden="true">
              <SkeletonBlock className="title-card__poster" />
              <SkeletonBlock className="title-card__name" />
            </span>
          ))}
        </SkeletonStatus>
      )}
    </section>
  );
}
