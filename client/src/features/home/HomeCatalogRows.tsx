import { ChannelsSection } from './ChannelsSection';
import { LatestEpisodesSection, LatestEpisodesSkeleton } from './LatestEpisodesSection';
import { NewestFilmsSection } from './NewestFilmsSection';
import { useHomeRows } from './useHomeRows';

/**
 * The home page's catalog rows from one call: latest episodes, channels, newest films. A failed
 * load hides them: seed §8 ignores network errors where no message is called for.
 */
export function HomeCatalogRows() {
  const state = useHomeRows();
  if (state.status === 'failed') return null;
  if (state.status === 'loading') return <LatestEpisodesSkeleton />;
  return (
    <>
      <LatestEpisodesSection first={state.rows.latestEpisodes} />
      <ChannelsSection channels={state.rows.channels} />
      <NewestFilmsSection films={state.rows.newestFilms} />
    </>
  );
}
