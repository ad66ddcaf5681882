import { CAROUSELS, type TitleCard } from '@seyirlik/shared-contracts';
import { CarouselSection } from '../../ui/Carousel';
import { TitleCardLink } from '../catalog/TitleCardLink';
import { HOME_TEXT } from './texts';
import '../catalog/catalog.css';

/**
 * The seed's "first movies" carousel (§9 layout), shown as "En yeni filmler": the newest films by
 * release year (the server's choice, see HomeService.newestFilms).
 */
export function NewestFilmsSection({ films }: { films: TitleCard[] }) {
  if (films.length === 0) return null;

  return (
    <CarouselSection
      heading={HOME_TEXT.newestFilms}
      className="home-row"
      headingClassName="home-row__heading"
      previousLabel={HOME_TEXT.previousFilms}
      nextLabel={HOME_TEXT.nextFilms}
      layout={CAROUSELS.firstMovies}
    >
      {films.map((film) => (
        <TitleCardLink key={film.slug} title={film} />
      ))}
    </CarouselSection>
  );
}
