import { TITLE_KIND_LABELS, type SourceStream, type WatchData, type WatchSource } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, messageOf } from '../../lib/api';
import { LazyCommentsSection, watchPageTarget } from '../comments/LazyCommentsSection';
import { WatchTogetherButton } from '../rooms/WatchTogetherButton';
import { useLoginModal } from '../session/loginModal';
import { useSessionUser } from '../session/session';
import { AdLayer } from './AdLayer';
import { CinemaStage } from './CinemaStage';
import { useCinemaMode } from './cinemaMode';
import { WATCH_TEXT } from './texts';
import { usePlaybackPosition } from './usePlaybackPosition';
import { VideoPlayer } from './VideoPlayer';
import { fetchStream } from './watchApi';
import './watch.css';

interface SourceTab {
  /** The group's name, or null for the episode's own sources. */
  group: string | null;
  sources: WatchSource[];
}

/** The episode's own sources first, then each video group as a tab. */
function sourceTabs(watch: WatchData): SourceTab[] {
  const own = watch.sources.length ? [{ group: null, sources: watch.sources }] : [];
  return [...own, ...watch.groups.map((group) => ({ group: group.name, sources: group.sources }))];
}

/**
 * The episode's player with its alternatives and ads, its neighbours, seasons and episodes.
 * `startAt` is where playback starts, in seconds (a continue-watching link's `?t=`).
 */
export function WatchPage({ watch, startAt = 0 }: { watch: WatchData; startAt?: number }) {
  const member = useSessionUser();
  const loginModal = useLoginModal();
  const cinema = useCinemaMode();
  const tabs = sourceTabs(watch);
  const allSources = tabs.flatMap((tab) => tab.sources);
  const [tabIndex, setTabIndex] = useState(0);
  const [selected, setSelected] = useState<{ source: WatchSource; stream: SourceStream } | null>(null);
  const [streamError, setStreamError] = useState<string | null>(null);
  const [adsOver, setAdsOver] = useState(watch.ads.length === 0);
  const [pending, setPending] = useState(false);
  const track = usePlaybackPosition(watch.episode.id, startAt);

  const choose = useCallback(
    async (source: WatchSource) => {
      if (source.locked && !member) {
        loginModal.open(WATCH_TEXT.members);
        return;
      }
      setPending(true);
      try {
        setSelected({ source, stream: await fetchStream(source.id) });
        setStreamError(null);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) loginModal.open(error.message);
        else setStreamError(messageOf(error));
      } finally {
        setPending(false);
      }
    },
    [member, loginModal],
  );

  // The first source this person may open plays by default.
  useEffect(() => {
    const first = allSources.find((source) => !source.locked || member);
    if (first) void choose(first);
    // Only on arrival: later choices are the person's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watch.episode.id]);

  const onAdsDone = useCallback(() => setAdsOver(true), []);
  const heading = `${watch.title.name} ${watch.title.kind === 'film' ? '' : WATCH_TEXT.seasonEpisode(watch.season.number, watch.episode.number)}`.trim();

  return (
    <article className={cinema.on ? 'watch-page watch-page--cinema' : 'watch-page'}>
      <header className="watch-page__header">
        <p className="watch-page__kind">{TITLE_KIND_LABELS[watch.title.kind]}</p>
        <h1>{heading}</h1>
        {watch.title.kind !== 'film' ? <p className="watch-page__episode-name">{watch.episode.name}</p> : null}
        <Link to={watch.title.path} className="watch-page__title-link">
          {WATCH_TEXT.backToTitle}
        </Link>
      </header>

      <CinemaStage
        player={
          <>
            {selected ? (
              <VideoPlayer
                key={selected.source.id}
                stream={selected.stream}
                name={selected.source.name}
                playing={adsOver}
                track={track}
              />
            ) : (
              <div className="watch-player__placeholder">{streamError ?? WATCH_TEXT.streamLoading}</div>
            )}
            {adsOver ? null : <AdLayer ads={watch.ads} onDone={onAdsDone} />}
          </>
        }
        controls={
          <>
            {watch.previous ? (
              <Link to={watch.previous.path} className="watch-controls__nav">
                {WATCH_TEXT.previous}
              </Link>
            ) : null}
            {watch.next ? (
              <Link to={watch.next.path} className="watch-controls__nav">
                {WATCH_TEXT.next}
              </Link>
            ) : null}
            <WatchTogetherButton episodeId={watch.episode.id} />
            {selected?.stream.downloadUrl ? (
              <a className="watch-controls__download" href={selected.stream.downloadUrl} download>
                {WATCH_TEXT.download}
              </a>
            ) : null}
          </>
        }
      />

      <section className="watch-sources" aria-label={WATCH_TEXT.sources}>
        {tabs.length > 1 ? (
          <div role="tablist" className="watch-sources__groups">
            {tabs.map((tab, index) => (
              <button key={tab.group ?? ''} type="button" role="tab" aria-selected={index === tabIndex} onClick={() => setTabIndex(index)}>
                {tab.group ?? WATCH_TEXT.sources}
              </button>
            ))}
          </div>
        ) : null}
        <ul className="watch-sources__list">
          {(tabs[tabIndex]?.sources ?? []).map((source) => (
            <li key={source.id}>
              <button
                type="button"
                className="watch-source"
                aria-pressed={selected?.source.id === source.id}
                disabled={pending}
                onClick={() => void choose(source)}
              >
                <span className="watch-source__name">{source.name}</span>
                {source.tiers.map((tier) => (
                  <span key={tier} className="watch-source__tier">
                    {tier}
                  </span>
                ))}
                {source.locked ? <span className="watch-source__lock">{WATCH_TEXT.members}</span> : null}
              </button>
            </li>
          ))}
        </ul>
        {streamError && selected ? <p role="alert">{streamError}</p> : null}
      </section>

      {watch.title.kind !== 'film' ? (
        <>
          <nav className="watch-seasons" aria-label={WATCH_TEXT.seasons}>
            {watch.seasons.map((season) => (
              <Link key={season.number} to={season.path} aria-current={season.number === watch.season.number ? 'page' : undefined}>
                {WATCH_TEXT.seasonLabel(season.number, season.name)}
              </Link>
            ))}
          </nav>
          <nav className="watch-episodes" aria-label={WATCH_TEXT.episodes}>
            {watch.episodes.map((episode) => (
              <Link key={episode.path} to={episode.path} aria-current={episode.number === watch.episode.number ? 'page' : undefined}>
                <span>{WATCH_TEXT.episodeLabel(episode.number)}</span> <span>{episode.name}</span>
              </Link>
            ))}
          </nav>
        </>
      ) : null}
      <LazyCommentsSection target={watchPageTarget(watch)} />
    </article>
  );
}
