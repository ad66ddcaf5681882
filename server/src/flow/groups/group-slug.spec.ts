import { freeSlug, slugBase } from './group-slug';

describe('group addresses', () => {
  it('folds a Turkish name into hyphenated words', () => {
    expect(slugBase('  Şahmaran IŞIK Hayranları! ')).toBe('sahmaran-isik-hayranlari');
    expect(slugBase('Çığ & Öğün — Ünlü')).toBe('cig-ogun-unlu');
  });

  it('answers "grup" for a name with no letters or digits left, and keeps whole words within 60 characters', () => {
    expect(slugBase('😀 !!!')).toBe('grup');
    const long = slugBase('kelime '.repeat(30));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('-')).toBe(false);
    expect(long.split('-').every((word) => word === 'kelime')).toBe(true);
  });

  it('takes the base when free, else one past the highest number taken', () => {
    expect(freeSlug('anime', [])).toBe('anime');
    expect(freeSlug('anime', ['anime'])).toBe('anime-2');
    expect(freeSlug('anime', ['anime', 'anime-2', 'anime-7', 'anime-kulubu'])).toBe('anime-8');
  });
});
