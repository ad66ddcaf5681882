import { drawnBackdropUrl, watchPath, type TitleDetail, type WatchData } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useId, type CSSProperties } from 'react';
import { formatLongDate } from '../../lib/format';
import { CheckIcon } from '../../ui/icons';
import { Tabs } from '../../ui/Tabs';
import { WATCH_TEXT } from './texts';

/** An episode as the list shows it: the watch page's own refs carry no id, air time or length. */
interface ListedEpisode {
  /** Null while only the watch page's answer is known. */
  id: number | null;
  number: number;
  name: string;
  airAt: string | null;
  durationSeconds: number | null;
}

interface ListedSeason {
  number: number;
  name: string | null;
  episodes: ListedEpisode[];
}

/** The seasons to list: the title's, once read; until then the episode's own season, from the watch page. */
function listedSeasons(watch: WatchData, detail: TitleDetail | undefined): ListedSeason[] {
  if (detail) return detail.seasons.filter((season) => season.episodes.length > 0);
  return [
    {
      number: watch.season.number,
      name: watch.season.name,
      episodes: watch.episodes.map((episode) => ({ id: null, number: episode.number, name: episode.name, airAt: null, durationSeconds: null })),
    },
  ];
}

/**
 * The watch page's seasons and episodes: the seasons as tabs, each season's episodes as a list of
 * cards with a drawn thumbnail (the title's drawn backdrop in the episode's own tint and framing,
 * its number on it), name, air date and length; the member's watched episodes are marked, the
 * episode playing is the current page, and one still to come is listed without a link.
 */
export function EpisodeBrowser({
  watch,
  detail,
  watchedEpisodeIds,
}: {
  watch: WatchData;
  detail: TitleDetail | undefined;
  watchedEpisodeIds: readonly number[];
}) {
  const headingId = useId();
  const seasons = listedSeasons(watch, detail);
  const list = (season: ListedSeason) => (
    <EpisodeList watch={watch} season={season} watchedEpisodeIds={watchedEpisodeIds} now={Date.now()} />
  );
  return (
    <section className="episode-browser" aria-labelledby={headingId}>
      <h2 id={headingId} className="watch-section__heading">
        {WATCH_TEXT.episodes}
      </h2>
      {seasons.length > 1 ? (
        <Tabs
          key={seasons.length}
          label={WATCH_TEXT.seasons}
          initialId={String(watch.season.number)}
          tabs={seasons.map((season) => ({
            id: String(season.number),
            label: WATCH_TEXT.seasonLabel(season.number, season.name),
            render: () => list(season),
          }))}
        />
      ) : (
        seasons[0] && list(seasons[0])
      )}
    </section>
  );
}

function EpisodeList({
  watch,
  season,
  watchedEpisodeIds,
  now,
}: {
  watch: WatchData;
  season: ListedSeason;
  watchedEpisodeIds: readonly number[];
  now: number;
}) {
  const title = { kind: watch.title.kind, slug: watch.title.slug };
  return (
    <nav aria-label={WATCH_TEXT.episodes}>
      <ol className="episode-list">
        {season.episodes.map((episode) => {
          const current = season.number === watch.season.number && episode.number === watch.episode.number;
          const upcoming = episode.airAt !== null && Date.parse(episode.airAt) > now;
          const watched = episode.id !== null && watchedEpisodeIds.includes(episode.id);
          const card = (
            <>
              <EpisodeThumbnail backdrop={drawnBackdropUrl(watch.title)} number={episode.number} watched={watched} />
              <span className="episode-card__text">
                <span className="episode-card__number">
                  {WATCH_TEXT.episodeLabel(episode.number)}
                  {current && <span className="episode-card__now">{WATCH_TEXT.nowPlaying}</span>}
                </span>
                <span className="episode-card__name">{episode.name}</span>
                {episode.airAt !== null && (
                  <span className="episode-card__meta">
                    <time dateTime={episode.airAt}>{formatLongDate(episode.airAt)}</time>
                    {episode.durationSeconds !== null && <span>{WATCH_TEXT.minutes(Math.round(episode.durationSeconds / 60))}</span>}
                    {upcoming && <span className="badge badge--upcoming">{WATCH_TEXT.upcoming}</span>}
                  </span>
                )}
              </span>
            </>
          );
          return (
            <li key={episode.number}>
              {upcoming ? (
                <div className="episode-card episode-card--upcoming">{card}</div>
              ) : (
                <Link
                  className="episode-card"
                  to={watchPath({ ...title, season: season.number, episode: episode.number })}
                  aria-current={current ? 'page' : undefined}
                >
                  {card}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * An episode's drawn thumbnail: the title's drawn backdrop, turned to a tint and framing of the
 * episode's own (so neighbours tell apart), its number large on it, and the member's watched mark.
 */
function EpisodeThumbnail({ backdrop, number, watched }: { backdrop: string; number: number; watched: boolean }) {
  const style = {
    '--episode-hue': `${(number * 47) % 360}deg`,
    '--episode-focus': `${(number * 37) % 100}% ${(number * 61) % 100}%`,
  } as CSSProperties;
  return (
    <span className="episode-thumb" style={style}>
      <img src={backdrop} alt="" loading="lazy" width={160} height={90} />
      <span className="episode-thumb__number" aria-hidden="true">
        {number}
      </span>
      {watched && (
        <span className="episode-thumb__watched">
          <CheckIcon width={14} height={14} />
          {WATCH_TEXT.watched}
        </span>
      )}
    </span>
  );
}
