import { commentLength, EMOJI_CHOICES, EMOJI_SHORTCODES, fromShortcodes, toShortcodes } from './emoji';

describe('comment emoji', () => {
  it('stores the table’s emoji as short codes and shows them back as emoji', () => {
    const stored = toShortcodes('Final 😂😂 harikaydı ❤️ 🔥');

    expect(stored).toBe('Final :joy::joy: harikaydı :heart: :fire:');
    expect(fromShortcodes(stored)).toBe('Final 😂😂 harikaydı ❤️ 🔥');
  });

  it('treats an emoji with or without its presentation selector as the same emoji', () => {
    expect(toShortcodes('❤ ❤️ ⭐️')).toBe(':heart: :heart: :star:');
  });

  it('keeps unknown codes, unknown emoji and everything else as written', () => {
    const text = '<b>:bilinmeyen:</b> 12:30:45 👍🏽 🫠 & "tırnak"';

    expect(toShortcodes(text)).toBe(text);
    expect(fromShortcodes(text)).toBe(text);
  });

  it('reads aliases but stores the first code', () => {
    expect(fromShortcodes(':+1: :thumbsup:')).toBe('👍 👍');
    expect(toShortcodes('👍')).toBe(':thumbsup:');
  });

  it('counts what a person sees: an emoji, a known code or a flag sequence is one character', () => {
    expect(commentLength('abc')).toBe(3);
    expect(commentLength('😂')).toBe(1);
    expect(commentLength(':joy:')).toBe(1);
    expect(commentLength(':nope:')).toBe(6);
    expect(commentLength('👍🏽👨‍👩‍👧')).toBe(2);
    expect(commentLength('şğüİı')).toBe(5);
    expect(commentLength(toShortcodes('😂'.repeat(500)))).toBe(500);
  });

  it('offers every emoji of the table with the code it is stored as', () => {
    for (const { emoji, code } of EMOJI_CHOICES) {
      expect(EMOJI_SHORTCODES[code]).toBe(emoji);
      expect(toShortcodes(emoji)).toBe(`:${code}:`);
    }
  });
});
