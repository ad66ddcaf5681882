import type { TitleCard } from '@seyirlik/shared-contracts';
import { CarouselSection, type CarouselLayout } from '../../ui/Carousel';
import { TitleCardLink } from '../catalog/TitleCardLink';
import { HOME_TEXT } from './texts';
import '../catalog/catalog.css';

/** Posters in view: 2 on phones, 4 from 768 px, 6 from 1280 px (as the "Yeni eklenenler" grid). */
const POSTER_ROW: CarouselLayout = { gapPx: 16, breakpoints: { 0: 2, 768: 4, 1280: 6 } };

/** A titled row of title cards that slides sideways: "Popüler" and the genre rows. Nothing when it has no title. */
export function PosterRow({ heading, titles }: { heading: string; titles: readonly TitleCard[] }) {
  if (titles.length === 0) return null;
  return (
    <CarouselSection
      heading={heading}
      className="home-row"
      headingClassName="home-row__heading"
      previousLabel={HOME_TEXT.previousTitles(heading)}
      nextLabel={HOME_TEXT.nextTitles(heading)}
      layout={POSTER_ROW}
    >
      {titles.map((title) => (
        <TitleCardLink key={`${title.kind}/${title.slug}`} title={title} />
      ))}
    </CarouselSection>
  );
}
