import { LIMITS, type WatchAd } from '@seyirlik/shared-contracts';
import { useEffect, useRef } from 'react';
import { skipLabel, useAdSequence } from './adStateMachine';
import { WATCH_TEXT } from './texts';

/** The pre-roll ads over the player; `onDone` when the last one is skipped (or there are none). */
export function AdLayer({ ads, onDone }: { ads: readonly WatchAd[]; onDone: () => void }) {
  const { state, play, skip } = useAdSequence(ads);
  const videoRef = useRef<HTMLVideoElement>(null);
  const done = state.phase === 'done';
  const started = state.phase === 'playing' || state.phase === 'skippable';
  const index = state.phase === 'done' ? -1 : state.index;

  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);

  // The ad plays from the moment it starts (the start delay after it appeared), at the seed's volume.
  useEffect(() => {
    const video = videoRef.current;
    if (!started || !video || !video.paused) return;
    video.volume = LIMITS.adVolume;
    video.play().catch(() => undefined);
  }, [started, index]);

  if (state.phase === 'done') return null;
  const ad = ads[state.index]!;
  return (
    <section className="ad-layer" aria-label={WATCH_TEXT.adLayer}>
      {state.phase === 'cover' ? (
        <div className="ad-layer__cover" style={ad.image ? { backgroundImage: `url("${encodeURI(ad.image)}")` } : undefined}>
          <button type="button" className="ad-layer__play" onClick={play} aria-label={WATCH_TEXT.playAd}>
            <span aria-hidden="true">▶</span>
          </button>
        </div>
      ) : (
        <>
          <video key={state.index} ref={videoRef} className="ad-layer__video" src={ad.video} playsInline loop />
          <a className="ad-layer__visit" href={ad.link} target="_blank" rel="noopener">
            {WATCH_TEXT.adVisit}
          </a>
          <button type="button" className="ad-layer__skip" disabled={state.phase !== 'skippable'} onClick={skip}>
            {state.phase === 'playing' ? WATCH_TEXT.skipIn(skipLabel(state)) : state.phase === 'skippable' ? skipLabel(state) : '…'}
          </button>
        </>
      )}
    </section>
  );
}
