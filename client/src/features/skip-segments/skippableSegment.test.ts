import { skippableSegmentAt } from './skippableSegment';
import { buildSkipSegment } from './skipSegmentBuilders';

describe('skippableSegmentAt', () => {
  it('offers a skippable marking from its start up to, not including, its end', () => {
    const intro = buildSkipSegment();
    expect([9.9, 10, 39.9, 40].map((seconds) => skippableSegmentAt([intro], seconds)?.id ?? null)).toEqual([null, 1, 1, null]);
  });

  it('never offers a marking the viewer may only vote on', () => {
    const pending = buildSkipSegment({ status: 'pending', skippable: false });
    const own = buildSkipSegment({ id: 2, kind: 'recap', startSeconds: 50, endSeconds: 70, status: 'pending', mine: true, skippable: true });
    expect([skippableSegmentAt([pending, own], 20), skippableSegmentAt([pending, own], 60)?.id]).toEqual([null, 2]);
  });
});
