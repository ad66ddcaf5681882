import { TITLE_KIND_LABELS, type WatchData, type WatchSource } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { TEXT } from '../../app/messages';
import { ApiError, messageOf } from '../../lib/api';
import { formatImdb, formatLongDate } from '../../lib/format';
import { ChevronRightIcon } from '../../ui/icons';
import { useTitleDetail } from '../catalog/useTitleDetail';
import { LazyCommentsSection, watchPageTarget } from '../comments/LazyCommentsSection';
import { useTitleMemberState, type TitleMemberView } from '../member-state/useTitleMemberState';
import { WatchedCheckbox } from '../member-state/WatchedCheckbox';
import { WatchTogetherButton } from '../rooms/WatchTogetherButton';
import { useLoginModal } from '../session/loginModal';
import { useSessionUser } from '../session/session';
import { SkipButton } from '../skip-segments/SkipButton';
import { SkipSegmentsPanel } from '../skip-segments/SkipSegmentsPanel';
import { useSkipSegmentsPlayer } from '../skip-segments/useSkipSegmentsPlayer';
import { HeatStrip } from '../timed-comments/HeatStrip';
import { TimedLane } from '../timed-comments/TimedLane';
import { TimedOverlay } from '../timed-comments/TimedOverlay';
import { usePlayhead } from '../timed-comments/usePlayhead';
import { useTimedComments } from '../timed-comments/useTimedComments';
import { AdLayer } from './AdLayer';
import { CinemaStage } from './CinemaStage';
import { useCinemaMode } from './cinemaMode';
import { EpisodeBrowser } from './EpisodeBrowser';
import { useCombinedTrackers } from './playbackTracker';
import { SourceChoices } from './SourceChoice';
import { WATCH_TEXT } from './texts';
import { usePlaybackPosition } from './usePlaybackPosition';
import { type SelectedSource, SelectedSourcePlayer } from './VideoPlayer';
import { fetchStream } from './watchApi';
import '../catalog/catalog.css';
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

/** The source that plays on arrival: the first one this person may open (a visitor: not a members' one). */
function firstPlayable(sources: WatchSource[], signedIn: boolean): WatchSource | undefined {
  return sources.find((source) => !source.locked || signedIn);
}

/**
 * The episode's player with its alternatives and ads, its title, neighbours, seasons and episodes.
 * `startAt` is where playback starts, in seconds (a continue-watching link's `?t=`).
 */
export function WatchPage({ watch, startAt = 0 }: { watch: WatchData; startAt?: number }) {
  const member = useSessionUser();
  const loginModal = useLoginModal();
  const cinema = useCinemaMode();
  const film = watch.title.kind === 'film';
  // The title's seasons and episodes (with their ids, for the member's watched marks); the page stands without them.
  const detail = useTitleDetail(watch.title);
  const memberState = useTitleMemberState({ kind: watch.title.kind, slug: watch.title.slug, seasons: detail?.seasons ?? [] });
  const tabs = sourceTabs(watch);
  const allSources = tabs.flatMap((tab) => tab.sources);
  const [tabIndex, setTabIndex] = useState(0);
  const [selected, setSelected] = useState<SelectedSource | null>(null);
  const [streamError, setStreamError] = useState<string | null>(null);
  const [adsOver, setAdsOver] = useState(watch.ads.length === 0);
  const [pending, setPending] = useState(false);
  const savePosition = usePlaybackPosition(watch.episode.id, startAt);
  const playhead = usePlayhead();
  const timed = useTimedComments({ episodeId: watch.episode.id, durationSeconds: watch.episode.durationSeconds, playhead: playhead.seconds });
  // An embedded player has no playhead to follow: no lane beside it. The lane's place is taken from
  // the first paint for the source that plays (or will, once its stream is read), so the player and
  // what is under it do not move when the video attaches.
  const playing = selected?.stream.kind ?? firstPlayable(allSources, member !== null)?.kind;
  const withLane = playing !== undefined && playing !== 'embed';
  const overPlayer = withLane && playhead.seconds !== null;
  const skip = useSkipSegmentsPlayer({
    source: selected ? { id: selected.source.id, kind: selected.stream.kind } : null,
    episodeId: watch.episode.id,
    nextPath: watch.next?.path ?? null,
    canSkip: true,
  });
  const track = useCombinedTrackers(savePosition, playhead.track, skip.playback.attach);

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
    const first = firstPlayable(allSources, member !== null);
    if (first) void choose(first);
    // Only on arrival: later choices are the person's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watch.episode.id]);

  const onAdsDone = useCallback(() => setAdsOver(true), []);

  return (
    <article className={cinema.on ? 'watch-page watch-page--cinema' : 'watch-page'}>
      <WatchHeading watch={watch} memberState={member ? memberState : null} />

      <div className={withLane ? 'timed-layout timed-layout--with-lane' : 'timed-layout'}>
        <CinemaStage
          player={
            <>
              <SelectedSourcePlayer selected={selected} playing={adsOver} track={track} placeholder={streamError ?? WATCH_TEXT.streamLoading} />
              {overPlayer && timed.overVideo ? <TimedOverlay timed={timed} /> : null}
              {overPlayer ? <HeatStrip heat={timed.heat} /> : null}
              {adsOver ? <SkipButton player={skip} /> : <AdLayer ads={watch.ads} onDone={onAdsDone} />}
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
        {withLane ? <TimedLane timed={timed} /> : null}
      </div>

      <WatchSources tabs={tabs} tabIndex={tabIndex} onTab={setTabIndex} selectedId={selected?.source.id ?? null} pending={pending} onChoose={(source) => void choose(source)}>
        {streamError && selected ? <p role="alert">{streamError}</p> : null}
      </WatchSources>

      <SkipSegmentsPanel player={skip} />
      {film ? null : <EpisodeBrowser watch={watch} detail={detail} watchedEpisodeIds={memberState.state.watchedEpisodeIds} />}
      <LazyCommentsSection target={watchPageTarget(watch)} />
    </article>
  );
}

/**
 * The title block: the poster, what the title is, the heading (the title and, for a series, the
 * season and episode), the episode's name, when it aired (a film: its release) and how long it
 * is, the way to the title's page and, for a member, the episode's "İzledim" box.
 */
function WatchHeading({ watch, memberState }: { watch: WatchData; memberState: TitleMemberView | null }) {
  const film = watch.title.kind === 'film';
  const heading = film ? watch.title.name : `${watch.title.name} ${WATCH_TEXT.seasonEpisode(watch.season.number, watch.episode.number)}`;
  return (
    <header className="watch-heading">
      <img className="watch-heading__poster" src={watch.title.posterUrl} alt={WATCH_TEXT.posterAlt(watch.title.name)} width={80} height={120} />
      <div className="watch-heading__text">
        <p className="watch-heading__facts">
          <span className="badge">{TITLE_KIND_LABELS[watch.title.kind]}</span>
          {watch.title.adult && <span className="badge badge--adult">{TEXT.catalog.adultBadge}</span>}
          <span>{watch.title.year}</span>
          <span>
            {TEXT.catalog.imdb} {formatImdb(watch.title.imdb)}
          </span>
        </p>
        <h1 className="watch-heading__title">{heading}</h1>
        {film ? null : <p className="watch-heading__episode">{watch.episode.name}</p>}
        <p className="watch-heading__meta">
          <span>
            {film ? WATCH_TEXT.releasedOn : WATCH_TEXT.airedOn}: <time dateTime={watch.episode.airAt}>{formatLongDate(watch.episode.airAt)}</time>
          </span>
          <span>{WATCH_TEXT.minutes(Math.round(watch.episode.durationSeconds / 60))}</span>
        </p>
        <p className="watch-heading__links">
          <Link to={watch.title.path} className="text-link watch-heading__title-link">
            {WATCH_TEXT.backToTitle}
            <ChevronRightIcon width={16} height={16} />
          </Link>
          {memberState && <WatchedCheckbox episode={watch.episode} member={memberState} />}
        </p>
      </div>
    </header>
  );
}

/** The alternatives: the episode's own sources and each video group, as tabs when there are several, each a labelled choice. */
function WatchSources({
  tabs,
  tabIndex,
  onTab,
  selectedId,
  pending,
  onChoose,
  children,
}: {
  tabs: SourceTab[];
  tabIndex: number;
  onTab: (index: number) => void;
  selectedId: number | null;
  pending: boolean;
  onChoose: (source: WatchSource) => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="watch-sources" aria-labelledby={headingId}>
      <div className="watch-sources__bar">
        <h2 id={headingId} className="watch-section__heading">
          {WATCH_TEXT.sources}
        </h2>
        {tabs.length > 1 ? (
          <div role="tablist" aria-label={WATCH_TEXT.sourceGroups} className="watch-sources__groups">
            {tabs.map((tab, index) => (
              <button key={tab.group ?? ''} type="button" role="tab" aria-selected={index === tabIndex} onClick={() => onTab(index)}>
                {tab.group ?? WATCH_TEXT.ownSources}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <SourceChoices sources={tabs[tabIndex]?.sources ?? []} selectedId={selectedId} disabled={pending} onChoose={onChoose} />
      {children}
    </section>
  );
}
