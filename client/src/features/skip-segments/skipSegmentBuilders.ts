import type { SkipSegmentView } from '@seyirlik/shared-contracts';

// Test data of skip markings (the client's shared builders live in client/test/builders.ts).

/** An agreed intro from 0:10 to 0:40 by someone else, which the viewer may skip. */
export function buildSkipSegment(overrides: Partial<SkipSegmentView> = {}): SkipSegmentView {
  return {
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
  };
}
