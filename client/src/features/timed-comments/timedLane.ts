import { TIMED_COMMENT_RULES, type TimedComment } from '@seyirlik/shared-contracts';

const { windowSeconds, heatBuckets } = TIMED_COMMENT_RULES;

/** The window a second falls in: [index × windowSeconds, (index + 1) × windowSeconds). */
export const windowIndexOf = (second: number): number => Math.floor(second / windowSeconds);

/** `list` with `added` merged in by id (a newer copy wins), by second then id. */
export function mergeEntries(list: readonly TimedComment[], added: readonly TimedComment[]): TimedComment[] {
  const byId = new Map(list.map((entry) => [entry.id, entry]));
  for (const entry of added) byId.set(entry.id, entry);
  return [...byId.values()].sort((a, b) => a.positionSeconds - b.positionSeconds || a.id - b.id);
}

/**
 * What a viewer at `playhead` may see: only the entries whose second playback has reached. A timed
 * comment is a spoiler for anyone short of its second, so nothing ahead is ever returned.
 */
export const reachedBy = (list: readonly TimedComment[], playhead: number | null): TimedComment[] =>
  playhead === null ? [] : list.filter((entry) => entry.positionSeconds <= playhead);

/** The heat strip's part a second of an episode `durationSeconds` long falls in (as the server counts). */
export const heatBucketOf = (second: number, durationSeconds: number): number =>
  Math.min(Math.floor((second * heatBuckets) / durationSeconds), heatBuckets - 1);
