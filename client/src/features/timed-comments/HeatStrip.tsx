import { TIMED_COMMENT_MESSAGES as TM, type TimedHeatStrip } from '@seyirlik/shared-contracts';

/** A thin strip along the progress bar, darker where more timed comments were pinned. */
export function HeatStrip({ heat }: { heat: TimedHeatStrip | null }) {
  if (!heat) return null;
  const most = Math.max(1, ...heat.buckets);
  return (
    <div className="timed-heat" role="img" aria-label={TM.heatStrip}>
      {heat.buckets.map((count, at) => (
        <span key={at} className="timed-heat__part" style={{ opacity: count === 0 ? 0 : 0.25 + (0.75 * count) / most }} />
      ))}
    </div>
  );
}
