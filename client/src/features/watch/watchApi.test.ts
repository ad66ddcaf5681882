import type { WatchAd } from '@seyirlik/shared-contracts';
import { buildWatchData } from '../../../test/builders';
import { mockFetch } from '../../../test/mockFetch';
import { loadWatch } from './watchApi';

const ad = (overrides: Partial<WatchAd> = {}): WatchAd => ({ link: '/', time: 5, video: '/media/demo/ad-first.mp4', image: '/media/demo/ad first.jpg', ...overrides });

/** The image preloads in the page's head: [href, fetchpriority]. */
const imagePreloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => [link.getAttribute('href'), link.getAttribute('fetchpriority')]);

/** Loads the episode of `/api/watch/dizi/{slug}/1/1`, answered with `ads`. */
function loadEpisodeWithAds(slug: string, ads: WatchAd[]) {
  mockFetch(() => ({ status: 200, body: buildWatchData({ ads }) }));
  return loadWatch('dizi', slug, '1', '1');
}

describe('loadWatch', () => {
  afterEach(() => {
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    jest.restoreAllMocks();
  });

  it("asks for the first ad's cover with the page's data, as the ad layer will draw it, once", async () => {
    await loadEpisodeWithAds('ilk', [ad(), ad({ image: '/media/demo/ad-second.jpg' })]);
    await loadEpisodeWithAds('ilk', [ad()]);

    expect(imagePreloads()).toEqual([['/media/demo/ad%20first.jpg', 'high']]);
  });

  it('asks for nothing when the first ad has no cover, or there is no ad', async () => {
    await loadEpisodeWithAds('kapaksiz', [ad({ image: null, video: '/media/demo/ad-third.mp4' })]);
    await loadEpisodeWithAds('reklamsiz', []);

    expect(imagePreloads()).toEqual([]);
  });
});
