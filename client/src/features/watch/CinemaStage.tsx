import { type ReactNode, useRef } from 'react';
import { useCinemaMode, useCinemaModeEffects } from './cinemaMode';
import { WATCH_TEXT } from './texts';

/** The player with its control bar; a click outside it ends cinema mode. */
export function CinemaStage({ player, controls }: { player: ReactNode; controls: ReactNode }) {
  const stage = useRef<HTMLDivElement>(null);
  const cinema = useCinemaMode();
  useCinemaModeEffects(stage);
  return (
    <div ref={stage} className="watch-stage">
      <div className="watch-player">{player}</div>
      <div className="watch-controls">
        {controls}
        <button type="button" className="watch-controls__cinema" aria-pressed={cinema.on} onClick={cinema.toggle}>
          {cinema.on ? WATCH_TEXT.cinemaOff : WATCH_TEXT.cinemaOn}
        </button>
      </div>
    </div>
  );
}
