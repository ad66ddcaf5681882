import { ChannelsSection } from './ChannelsSection';
import { LatestEpisodesSection, LatestEpisodesSkeleton } from './LatestEpisodesSection';
import { NewestFilmsSection } from './NewestFilmsSection';
import { useHomeRows } from './useHomeRows';

/**
 * The home page's catalog rows from one call: latest episodes, channels, newest films. A failed
 * load hides them: seed §8 ignores network errors where no message is called for.
 */
export function HomeCatalogRows() {
  const rows = useHomeRows();
  if (rows.isError) return null;
  if (!rows.data) return <LatestEpisodesSkeleton />;
  return (
    <>
      <LatestEpisodesSection first={rows.data.latestEpisodes} />
      <ChannelsSection channels={rows.data.channels} />
      <NewestFilmsSection films={rows.data.newestFilms} />
    </>
  );
}
