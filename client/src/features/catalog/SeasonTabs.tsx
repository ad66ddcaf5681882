import { watchPath, type EpisodeSummary, type SeasonDetail, type TitleKind } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { TEXT } from '../../app/messages';
import { Tabs, type TabItem } from '../../ui/Tabs';

const airDate = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric' });

type TitleRef = { kind: TitleKind; slug: string };

/** A title's seasons as tabs, each with its episode list (seed §2: series page with season tabs). */
export function SeasonTabs({ title, seasons }: { title: TitleRef; seasons: readonly SeasonDetail[] }) {
  // Read once per render: an episode turns from "Yakında" to aired on the next visit, not mid-page.
  const now = Date.now();
  const tabs: TabItem[] = seasons.map((season) => ({
    id: String(season.number),
    label: season.name ?? TEXT.catalog.seasonName(season.number),
    render: () => <EpisodeList title={title} season={season.number} episodes={season.episodes} now={now} />,
  }));
  return <Tabs label={TEXT.catalog.seasonsLabel} tabs={tabs} />;
}

/** An aired episode opens its watch page; one still to come is listed without a link. */
function EpisodeList({
  title,
  season,
  episodes,
  now,
}: {
  title: TitleRef;
  season: number;
  episodes: readonly EpisodeSummary[];
  now: number;
}) {
  return (
    <ol className="episodes">
      {episodes.map((episode) => {
        const upcoming = Date.parse(episode.airAt) > now;
        const row = (
          <>
            <span className="episode__number">{TEXT.catalog.episodeNumber(episode.number)}</span>
            <span className="episode__name">{episode.name}</span>
            <span className="episode__meta">
              <time dateTime={episode.airAt}>{airDate.format(new Date(episode.airAt))}</time>
              <span>{TEXT.catalog.minutes(Math.round(episode.durationSeconds / 60))}</span>
              {upcoming && <span className="badge badge--upcoming">{TEXT.catalog.upcoming}</span>}
            </span>
          </>
        );
        return (
          <li key={episode.id} className="episode" data-upcoming={upcoming || undefined}>
            {upcoming ? (
              <div className="episode__row">{row}</div>
            ) : (
              <Link className="episode__row episode__link" to={watchPath({ ...title, season, episode: episode.number })}>
                {row}
              </Link>
            )}
          </li>
        );
      })}
    </ol>
  );
}
