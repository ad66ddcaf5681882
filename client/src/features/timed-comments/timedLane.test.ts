import type { TimedComment } from '@seyirlik/shared-contracts';
import { heatBucketOf, mergeEntries, reachedBy, windowIndexOf } from './timedLane';

const entry = (id: number, positionSeconds: number, text = `#${id}`): TimedComment => ({ id, positionSeconds, text, author: null, createdAt: '2025-01-01T00:00:00Z' });

describe('timedLane', () => {
  it('merges entries by id, a newer copy winning, ordered by second then id', () => {
    const merged = mergeEntries([entry(2, 10), entry(1, 10)], [entry(3, 4), entry(2, 10, 'yeni')]);
    expect(merged.map((item) => [item.id, item.text])).toEqual([
      [3, '#3'],
      [1, '#1'],
      [2, 'yeni'],
    ]);
  });

  it('gives nothing ahead of the playhead, and nothing at all without one', () => {
    const list = [entry(1, 0), entry(2, 3), entry(3, 4)];
    expect(reachedBy(list, 3).map((item) => item.id)).toEqual([1, 2]);
    expect(reachedBy(list, 2)).toEqual([entry(1, 0)]);
    expect(reachedBy(list, null)).toEqual([]);
  });

  it('places seconds in their windows and heat strip parts as the server counts them', () => {
    expect([windowIndexOf(0), windowIndexOf(59), windowIndexOf(60)]).toEqual([0, 0, 1]);
    expect([heatBucketOf(0, 2700), heatBucketOf(26, 2700), heatBucketOf(27, 2700), heatBucketOf(2700, 2700)]).toEqual([0, 0, 1, 99]);
  });
});
