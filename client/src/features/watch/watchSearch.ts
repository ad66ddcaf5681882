import { MEMBER_STATE_RULES } from '@seyirlik/shared-contracts';

/**
 * The watch routes' search: `t`, the second playback starts at. Resuming is an address
 * (`/dizi/x/1-sezon/2-bolum?t=754`), so the continue-watching row and the title page link to it and it
 * can be shared; a missing or bad `t` (negative, over MEMBER_STATE_RULES.maxPositionSeconds, not a
 * number) starts at the beginning. Checked by hand rather than with positionSecondsSchema: route
 * options are in the first bundle every page loads, and zod is not.
 */
export interface WatchSearch {
  t?: number;
}

export function validateWatchSearch(search: Record<string, unknown>): WatchSearch {
  const { t } = search;
  if (typeof t !== 'number' && typeof t !== 'string') return {};
  const seconds = t === '' ? Number.NaN : Number(t);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MEMBER_STATE_RULES.maxPositionSeconds) return {};
  return { t: Math.floor(seconds) };
}
