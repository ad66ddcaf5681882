import { SKIP_SEGMENT_MESSAGES as M } from '@seyirlik/shared-contracts';
import type { SkipSegmentsPlayer } from './useSkipSegmentsPlayer';
import './skip-segments.css';

/** Over the player while playback is inside a marking the viewer may skip: "Girişi atla", "Özeti atla" or "Sonraki bölüm". */
export function SkipButton({ player }: { player: SkipSegmentsPlayer }) {
  const segment = player.playback.active;
  if (!segment) return null;
  const label = segment.kind === 'credits' && !player.hasNext ? M.skipCreditsToEnd : M.skip[segment.kind];
  return (
    <button type="button" className="skip-button" onClick={player.playback.skip}>
      {label}
    </button>
  );
}
