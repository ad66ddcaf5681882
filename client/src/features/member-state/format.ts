import type { ContinueWatchingEntry } from '@seyirlik/shared-contracts';
import { formatClock } from '../../lib/format';
import { MEMBER_STATE_TEXT } from './texts';

/** How much of the entry's episode is behind the saved position, 0 to 100. */
export function progressPercent(entry: ContinueWatchingEntry): number {
  const { durationSeconds } = entry.episode;
  if (durationSeconds <= 0) return 0;
  return Math.min(100, Math.round((entry.positionSeconds / durationSeconds) * 100));
}

/** Where an entry stands: "2. Sezon 3. Bölüm · Kaldığın yer 12:34" (a film, the position alone). */
export function entryPlace(entry: ContinueWatchingEntry): string {
  const position = MEMBER_STATE_TEXT.position(formatClock(entry.positionSeconds));
  if (entry.title.kind === 'film') return position;
  return `${MEMBER_STATE_TEXT.seasonEpisode(entry.episode.season, entry.episode.number)} · ${position}`;
}
