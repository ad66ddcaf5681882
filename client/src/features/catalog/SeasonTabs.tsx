import { watchPath, type EpisodeSummary, type SeasonDetail, type TitleKind } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { TEXT } from '../../app/messages';
import { formatLongDate } from '../../lib/format';
import { Carousel, type CarouselLayout } from '../../ui/Carousel';
import { Tabs, type TabItem } from '../../ui/Tabs';

/** Episode cards in view: 2 on phones, 3 from 768 px, 4 from 1280 px. */
const EPISODE_SLIDER: CarouselLayout = { gapPx: 12, breakpoints: { 0: 2, 768: 3, 1280: 4 } };

type TitleRef = { kind: TitleKind; slug: string };

/** What an aired episode's card offers besides its watch page (the title page: its watched box). */
export type EpisodeAction = (episode: EpisodeSummary) => ReactNode;

/**
 * A title's seasons as tabs, each with its episodes as a slider of cards (seed §2: series page
 * with season tabs and an episode slider).
 */
export function SeasonTabs({
  title,
  seasons,
  episodeAction,
}: {
  title: TitleRef;
  seasons: readonly SeasonDetail[];
  episodeAction?: EpisodeAction;
}) {
  // Read once per render: an episode turns from "Yakında" to aired on the next visit, not mid-page.
  const now = Date.now();
  const tabs: TabItem[] = seasons.map((season) => {
    const label = season.name ?? TEXT.catalog.seasonName(season.number);
    return {
      id: String(season.number),
      label,
      render: () => (
        <EpisodeSlider
          title={title}
          season={season.number}
          label={TEXT.catalog.episodesOf(label)}
          episodes={season.episodes}
          now={now}
          episodeAction={episodeAction}
        />
      ),
    };
  });
  return <Tabs label={TEXT.catalog.seasonsLabel} tabs={tabs} />;
}

/** An aired episode opens its watch page; one still to come is listed without a link or action. */
function EpisodeSlider({
  title,
  season,
  label,
  episodes,
  now,
  episodeAction,
}: {
  title: TitleRef;
  season: number;
  label: string;
  episodes: readonly EpisodeSummary[];
  now: number;
  episodeAction?: EpisodeAction;
}) {
  return (
    <Carousel label={label} previousLabel={TEXT.catalog.previousEpisodes} nextLabel={TEXT.catalog.nextEpisodes} layout={EPISODE_SLIDER}>
      {episodes.map((episode) => {
        const upcoming = Date.parse(episode.airAt) > now;
        const card = (
          <>
            <span className="episode__number">{TEXT.catalog.episodeNumber(episode.number)}</span>
            <span className="episode__name">{episode.name}</span>
            <span className="episode__meta">
              <time dateTime={episode.airAt}>{formatLongDate(episode.airAt)}</time>
              <span>{TEXT.catalog.minutes(Math.round(episode.durationSeconds / 60))}</span>
              {upcoming && <span className="badge badge--upcoming">{TEXT.catalog.upcoming}</span>}
            </span>
          </>
        );
        return (
          <div key={episode.id} className="episode" data-upcoming={upcoming || undefined}>
            {upcoming ? (
              <div className="episode__card">{card}</div>
            ) : (
              <>
                <Link className="episode__card episode__link" to={watchPath({ ...title, season, episode: episode.number })}>
                  {card}
                </Link>
                {episodeAction && <div className="episode__action">{episodeAction(episode)}</div>}
              </>
            )}
          </div>
        );
      })}
    </Carousel>
  );
}
