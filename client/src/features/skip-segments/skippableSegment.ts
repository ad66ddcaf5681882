import type { SkipSegmentKind, SkipSegmentView } from '@seyirlik/shared-contracts';

/** The kinds "Giriş ve özetleri otomatik atla" skips by itself; credits wait for a click ("Sonraki bölüm"). */
export const AUTO_SKIPPED_KINDS: readonly SkipSegmentKind[] = ['intro', 'recap'];

/** The marking the player offers to skip at `seconds`: one skippable for this viewer that the second falls inside (its end excluded). */
export function skippableSegmentAt(segments: readonly SkipSegmentView[], seconds: number): SkipSegmentView | null {
  return segments.find((segment) => segment.skippable && segment.startSeconds <= seconds && seconds < segment.endSeconds) ?? null;
}
