import type { ReactNode } from 'react';
import { ChannelsSection } from './ChannelsSection';
import { FeaturedSlider, FeaturedSliderSkeleton } from './FeaturedSlider';
import { LatestEpisodesSection, LatestEpisodesSkeleton } from './LatestEpisodesSection';
import { NewestFilmsSection } from './NewestFilmsSection';
import { PosterRow } from './PosterRow';
import { HOME_TEXT } from './texts';
import { useHomeRows } from './useHomeRows';

/**
 * The home page's catalog rows from one call: the featured slider, then `personal` (the member's
 * own row, which does not wait for them), the latest episodes, "Popüler", the genre rows, the
 * channels and the newest films. A failed load hides them: seed §8 ignores network errors where no
 * message is called for.
 */
export function HomeCatalogRows({ personal }: { personal?: ReactNode }) {
  const rows = useHomeRows();
  if (rows.isError) return personal;
  if (!rows.data) {
    return (
      <>
        <FeaturedSliderSkeleton />
        {personal}
        <LatestEpisodesSkeleton />
      </>
    );
  }
  const { featured, latestEpisodes, popular, genreRows, channels, newestFilms } = rows.data;
  return (
    <>
      <FeaturedSlider titles={featured} />
      {personal}
      <LatestEpisodesSection first={latestEpisodes} />
      <PosterRow heading={HOME_TEXT.popular} titles={popular} />
      {genreRows.map((genre) => (
        <PosterRow key={genre.slug} heading={genre.name} titles={genre.titles} />
      ))}
      <ChannelsSection channels={channels} />
      <NewestFilmsSection films={newestFilms} />
    </>
  );
}
