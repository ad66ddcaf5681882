import { TEXT } from '../../app/messages';
import { countdownParts, useCountdown } from './useCountdown';

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/**
 * The countdown to a title's release (seed §4): days, hours, minutes and seconds, ticking every
 * second; at zero it gives way to the "on air" message.
 */
export function ReleaseCountdown({ releaseAt }: { releaseAt: string }) {
  const remaining = useCountdown(releaseAt);
  if (remaining === 0) {
    return (
      <p className="countdown countdown--on-air" role="status">
        {TEXT.catalog.onAir}
      </p>
    );
  }
  const parts = countdownParts(remaining);
  // role="timer" is not announced on each tick; the label says what the numbers count down to.
  return (
    <div className="countdown" role="timer" aria-label={TEXT.catalog.countdownLabel}>
      <p className="countdown__label" aria-hidden="true">
        {TEXT.catalog.countdownLabel}
      </p>
      <ol className="countdown__parts">
        {UNITS.map((unit) => (
          <li key={unit} className="countdown__part" data-unit={unit}>
            <span className="countdown__value">{String(parts[unit]).padStart(2, '0')}</span>
            <span className="countdown__unit">{TEXT.catalog.countdownUnits[unit]}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
