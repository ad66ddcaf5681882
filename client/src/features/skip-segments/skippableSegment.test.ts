import type { SkipSegmentView } from '@seyirlik/shared-contracts';
import { skippableSegmentAt } from './skippableSegment';

const segment = (overrides: Partial<SkipSegmentView>): SkipSegmentView => ({
  id: 1,
  kind: 'intro',
  startSeconds: 10,
  endSeconds: 40,
  confirmations: 3,
  rejections: 0,
  status: 'agreed',
  confirmationsNeeded: 0,
  mine: false,
  myVote: null,
  skippable: true,
  ...overrides,
});

describe('skippableSegmentAt', () => {
  it('offers a skippable marking from its start up to, not including, its end', () => {
    const intro = segment({});
    expect([9.9, 10, 39.9, 40].map((seconds) => skippableSegmentAt([intro], seconds)?.id ?? null)).toEqual([null, 1, 1, null]);
  });

  it('never offers a marking the viewer may only vote on', () => {
    const pending = segment({ status: 'pending', skippable: false });
    const own = segment({ id: 2, kind: 'recap', startSeconds: 50, endSeconds: 70, status: 'pending', mine: true, skippable: true });
    expect([skippableSegmentAt([pending, own], 20), skippableSegmentAt([pending, own], 60)?.id]).toEqual([null, 2]);
  });
});
