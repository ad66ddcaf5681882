import Plyr from 'plyr';
import { playerOptions, qualityHeights } from './playerOptions';
import { PLAYER_I18N } from './texts';

/** plyr's own labels: what it shows unless told otherwise. */
const PLYR_LABELS = (Plyr as unknown as { defaults: { i18n: Record<string, unknown> } }).defaults.i18n;
/** Words Turkish writes as English does: plyr's "Normal" speed and the brand AirPlay. */
const ALIKE = new Set(['normal', 'airplay', 'qualityBadge']);

describe('the player options', () => {
  it('give every label plyr has a Turkish text of its own', () => {
    const keys = Object.keys(PLYR_LABELS);

    expect(keys.length).toBeGreaterThan(30);
    for (const key of keys) {
      expect([key, typeof PLAYER_I18N[key as keyof typeof PLAYER_I18N]]).toEqual([key, typeof PLYR_LABELS[key]]);
      if (!ALIKE.has(key)) expect([key, PLAYER_I18N[key as keyof typeof PLAYER_I18N]]).not.toEqual([key, PLYR_LABELS[key]]);
    }
    expect(PLAYER_I18N).toMatchObject({ captions: 'Altyazılar', quality: 'Kalite', speed: 'Hız', settings: 'Ayarlar', menuBack: 'Önceki menüye dön', pip: 'Resim içinde resim' });
  });

  it("list a source's tiers as the quality menu's heights, best first, leaving out what is not a height", () => {
    expect(qualityHeights(['1080p', '720p', '360p'])).toEqual([1080, 720, 360]);
    expect(qualityHeights(['4K', '480p', 'p', '12345p'])).toEqual([480]);
    expect(qualityHeights([])).toEqual([]);
  });

  it('force the quality menu to the tiers, the best the default, and hand a choice on', () => {
    const onQualityChange = jest.fn();

    const sut = playerOptions({ iconUrl: '/icons.svg', tiers: ['1080p', '720p'], onQualityChange });
    sut.quality!.onChange!(720);

    expect(sut).toMatchObject({
      iconUrl: '/icons.svg',
      i18n: PLAYER_I18N,
      settings: ['captions', 'quality', 'speed'],
      quality: { default: 1080, options: [1080, 720], forced: true },
      fullscreen: { enabled: true, container: '.watch-player' },
    });
    expect(onQualityChange).toHaveBeenCalledWith(720);
  });

  it.each([[[]], [['360p']]])('leave the quality menu out for a source with tiers %j: nothing to choose', (tiers) => {
    const sut = playerOptions({ iconUrl: '/icons.svg', tiers, onQualityChange: jest.fn() });

    expect(sut.settings).toEqual(['captions', 'speed']);
    expect(sut.quality).toBeUndefined();
  });
});
