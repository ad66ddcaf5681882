import { CATALOG_MESSAGES, TITLE_KIND_LABELS, drawnBackdropUrl, watchPath, type TitleDetail } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { TEXT } from '../../app/messages';
import { formatImdb, formatLongDate } from '../../lib/format';
import { PlayIcon } from '../../ui/icons';
import { TruncatedText } from '../../ui/TruncatedText';
import { AgeGate } from '../age-gate/AgeGate';
import { LazyCommentsSection, titlePageTarget } from '../comments/LazyCommentsSection';
import { OpenTopicLink } from '../discussions/OpenTopicLink';
import { TitleActions } from '../member-state/TitleActions';
import { useTitleMemberState } from '../member-state/useTitleMemberState';
import { WatchedCheckbox } from '../member-state/WatchedCheckbox';
import { NotFoundPage } from '../shell/NotFoundPage';
import { TrailerButton } from '../trailers/TrailerButton';
import { ReleaseCountdown } from './ReleaseCountdown';
import { SeasonTabs } from './SeasonTabs';
import './catalog.css';
import './title-page.css';

/** /dizi/{slug}, /anime/{slug}, /film/{slug}; an adult title waits behind the age gate. */
export function TitlePage({ title }: { title: TitleDetail }) {
  const content = <TitleContent title={title} />;
  return title.adult ? <AgeGate>{content}</AgeGate> : content;
}

/** The title pages' "not found", in the catalog's own words. */
export function TitleNotFound() {
  return <NotFoundPage title={CATALOG_MESSAGES.titleNotFound} />;
}

function TitleContent({ title }: { title: TitleDetail }) {
  // Only a release still ahead when the page opens counts down; one long past is not news.
  const [upcomingRelease] = useState(() =>
    title.releaseAt !== null && Date.parse(title.releaseAt) > Date.now() ? title.releaseAt : null,
  );
  const member = useTitleMemberState(title);
  const film = title.kind === 'film';
  // A film is one season holding its one video: its release, and the page to watch it.
  const release = film ? (title.seasons[0]?.episodes[0] ?? null) : null;
  return (
    <article className="title-page">
      <header className="title-page__hero">
        <img className="title-page__backdrop" src={title.backdropUrl ?? drawnBackdropUrl(title)} alt="" />
        <img
          className="title-page__poster"
          src={title.posterUrl}
          alt={TEXT.catalog.posterAlt(title.name)}
          width={240}
          height={360}
        />
        <div className="title-page__identity">
          <p className="title-page__badges">
            <span className="badge">{TITLE_KIND_LABELS[title.kind]}</span>
            {title.adult && <span className="badge badge--adult">{TEXT.catalog.adultBadge}</span>}
          </p>
          <h1 className="title-page__name">{title.name}</h1>
          {title.originalName !== title.name && (
            <p className="title-page__original">
              <span className="visually-hidden">{TEXT.catalog.originalName}: </span>
              {title.originalName}
            </p>
          )}
          <dl className="title-page__facts">
            <Fact label={TEXT.catalog.year}>{title.year}</Fact>
            {release && (
              <Fact label={TEXT.catalog.releasedOn}>
                <time dateTime={release.airAt}>{formatLongDate(release.airAt)}</time>
              </Fact>
            )}
            <Fact label={TEXT.catalog.imdb}>{formatImdb(title.imdb)}</Fact>
            {title.channel && <Fact label={TEXT.catalog.channel}>{title.channel.name}</Fact>}
            {title.genres.length > 0 && (
              <Fact label={TEXT.catalog.genres}>
                {title.genres.map((genre) => genre.name).join(', ')}
              </Fact>
            )}
          </dl>
          <div className="title-page__play">
            {release && Date.parse(release.airAt) <= Date.now() && (
              <Link className="button button--primary" to={watchPath({ kind: 'film', slug: title.slug, season: 1, episode: 1 })}>
                <PlayIcon width={18} height={18} />
                {TEXT.catalog.watch}
              </Link>
            )}
            <TrailerButton titleName={title.name} trailers={title.trailers} />
          </div>
          <TitleActions member={member} newEpisodes={!film} />
          <OpenTopicLink title={title} />
          {upcomingRelease && <ReleaseCountdown releaseAt={upcomingRelease} />}
        </div>
      </header>
      <TruncatedText text={title.description} className="title-page__description" />
      {!film && title.seasons.length > 0 && (
        <section className="title-page__seasons" aria-label={TEXT.catalog.seasonsLabel}>
          <SeasonTabs
            title={title}
            seasons={title.seasons}
            episodeAction={(episode) => <WatchedCheckbox episode={episode} member={member} />}
          />
        </section>
      )}
      <LazyCommentsSection
        target={titlePageTarget(title)}
        watchedEpisodeIds={member.state.watchedEpisodeIds}
      />
    </article>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="title-page__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
