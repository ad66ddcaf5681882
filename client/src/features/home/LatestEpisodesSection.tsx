import { TITLE_KIND_LABELS, WATCH_RULES, type LatestEpisode, type LatestEpisodesPage } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { TEXT } from '../../app/messages';
import { formatLongDate } from '../../lib/format';
import { SkeletonBlock, SkeletonStatus } from '../../ui/Skeleton';
import { Spinner } from '../../ui/Spinner';
import { WATCH_TEXT } from '../watch/texts';
import { HOME_TEXT } from './texts';
import { useLatestEpisodes } from './useLatestEpisodes';
import '../catalog/catalog.css';

function LatestEpisodeCard({ episode }: { episode: LatestEpisode }) {
  const film = episode.titleKind === 'film';
  return (
    <Link to={episode.path} className="latest-episode">
      <span className="latest-episode__poster">
        <img src={episode.posterUrl} alt="" loading="lazy" width={64} height={96} />
      </span>
      <span className="latest-episode__text">
        <span className="latest-episode__title">{episode.titleName}</span>
        <span className="latest-episode__number">
          {film ? TITLE_KIND_LABELS.film : WATCH_TEXT.seasonEpisode(episode.season, episode.number)}
        </span>
        {!film && <span className="latest-episode__name">{episode.name}</span>}
        <span className="latest-episode__meta">
          <time dateTime={episode.airAt}>{formatLongDate(episode.airAt)}</time>
          {episode.adult && <span className="badge badge--adult">{TEXT.catalog.adultBadge}</span>}
        </span>
      </span>
    </Link>
  );
}

/** "Son eklenen bölümler": the newest aired episodes, a page more per click of the load-more button. */
export function LatestEpisodesSection({ first }: { first: LatestEpisodesPage }) {
  const headingId = useId();
  const { list, loadMore } = useLatestEpisodes(first);
  if (list.episodes.length === 0) return null;

  return (
    <section className="home-row" aria-labelledby={headingId}>
      <h2 id={headingId} className="home-row__heading">
        {HOME_TEXT.latestEpisodes}
      </h2>
      <ul className="latest-episodes" aria-labelledby={headingId}>
        {list.episodes.map((episode) => (
          <li key={episode.path}>
            <LatestEpisodeCard episode={episode} />
          </li>
        ))}
      </ul>
      {list.hasMore && (
        <button
          type="button"
          className="button button--secondary home-row__more"
          disabled={list.loadingMore}
          aria-busy={list.loadingMore || undefined}
          onClick={loadMore}
        >
          {list.loadingMore && <Spinner />}
          <span>{HOME_TEXT.loadMoreEpisodes}</span>
        </button>
      )}
    </section>
  );
}

/** The latest episodes' place while the home rows load. */
export function LatestEpisodesSkeleton() {
  const headingId = useId();
  return (
    <section className="home-row" aria-labelledby={headingId}>
      <h2 id={headingId} className="home-row__heading">
        {HOME_TEXT.latestEpisodes}
      </h2>
      <SkeletonStatus className="latest-episodes">
        {Array.from({ length: WATCH_RULES.episodePageSize }, (_, index) => (
          <span key={index} className="latest-episode latest-episode--skeleton" aria-hidden="true">
            <SkeletonBlock className="latest-episode__poster" />
            <SkeletonBlock className="latest-episode__text" />
          </span>
        ))}
      </SkeletonStatus>
    </section>
  );
}
