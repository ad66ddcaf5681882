/**
 * Random pieces of a message for the property tests of the legacy themes (chat and private
 * messages), which compare a theme's markup with React's: texts of letters, Turkish ones, every
 * character HTML escapes, entities already written, spaces, newlines and emoji.
 */
const PIECES = ['a', 'Z', 'ş', 'İ', 'ı', 'ğ', '&', '<', '>', '"', "'", '&amp;', '&#x27;', ' ', '  ', '\n', '😀', '/', '=', '%', '?', '#'];

export interface RandomThemeText {
  /** A text of up to `most - 1` pieces (possibly empty). */
  text(most: number): string;
  /** No avatar, an empty one, or an address (possibly holding any of the pieces). */
  avatarUrl(): string | null;
  /** A moment between 2025-01-01 and some 400 days later, as the API writes it. */
  sentAt(): string;
}

export function randomThemeText(random: () => number): RandomThemeText {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const text = (most: number) => Array.from({ length: Math.floor(random() * most) }, () => pick(PIECES)).join('');
  return {
    text,
    avatarUrl: () => (random() < 0.5 ? null : pick(['', '/media/a.webp', `/media/${text(8)}.webp`])),
    sentAt: () => new Date(Date.UTC(2025, 0, 1) + Math.floor(random() * 400 * 86_400_000)).toISOString(),
  };
}
