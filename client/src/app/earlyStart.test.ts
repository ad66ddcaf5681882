import { MESSAGES, drawnBackdropUrl } from '@seyirlik/shared-contracts';
import { createMemoryHistory } from '@tanstack/react-router';
import { buildTitleCard, buildTitleDetail, buildWatchData } from '../../test/builders';
import { deferredReply, mockFetch, type FakeServer } from '../../test/mockFetch';
import { ApiError, api } from '../lib/api';
import { createAppRouter } from '../router';
import { createQueryClient } from './queryClient';
import { dropEarlyReads, EARLY_ROUTE_FILES, earlyStartFor, heroImageFor, startEarly } from './earlyStart';

/** The catalog as a fake server: every early page's read answered, anything else a 404. */
const catalog: FakeServer = (path) => {
  if (path === '/api/home') return { status: 200, body: { latestEpisodes: { page: 1, hasMore: false, episodes: [] }, channels: [], newestFilms: [] } };
  if (path === '/api/titles?limit=12') return { status: 200, body: { titles: [buildTitleCard()] } };
  if (path.startsWith('/api/titles/')) return { status: 200, body: buildTitleDetail() };
  if (path.startsWith('/api/watch/')) return { status: 200, body: buildWatchData({ ads: [] }) };
  return { status: 404, body: { statusCode: 404, message: 'Bulunamadı' } };
};

/** The GET paths `fetchMock` was asked for, in order. */
const readsOf = (fetchMock: jest.Mock): string[] =>
  fetchMock.mock.calls.filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === 'GET').map(([path]) => String(path));

/** The image preload startEarly adds once the first read has answered. */
async function waitForImagePreload() {
  for (let tick = 0; tick < 20 && !document.head.querySelector('link[as="image"]'); tick++) await Promise.resolve();
  const link = document.head.querySelector('link[as="image"]');
  return link && { as: link.getAttribute('as'), fetchPriority: link.getAttribute('fetchpriority'), href: link.getAttribute('href') };
}

/** The route id TanStack Router gives the page of a route file (`dizi.$slug.tsx` draws `/dizi/$slug`). */
const routeIdOf = (routeFile: string) => (routeFile === 'index.tsx' ? '/' : `/${routeFile.replace(/\.tsx$/, '').replace(/\./g, '/')}`);

/** An address the whole app loads (its loaders only; nothing is drawn). */
async function loadApp(path: string) {
  const router = createAppRouter({ queryClient: createQueryClient(), history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  return router;
}

const EARLY_ADDRESSES = [
  '/',
  '/dizi/cinaralti-sirlari',
  '/anime/yildiz-avcilari-kulubu',
  '/film/buzdan-kopru',
  '/dizi/cinaralti-sirlari/3-sezon/5-bolum',
  '/anime/yildiz-avcilari-kulubu/1-sezon/12-bolum',
  '/film/buzdan-kopru/izle',
];

describe('the early start of a first page', () => {
  beforeAll(() => {
    // The router tells a redirect by `instanceof Response`; jsdom has none.
    globalThis.Response ??= class {} as unknown as typeof Response;
  });

  afterEach(() => {
    dropEarlyReads();
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    window.history.replaceState(null, '', '/');
    jest.restoreAllMocks();
  });

  describe('earlyStartFor', () => {
    it.each([
      ['/', 'index.tsx', ['/api/home', '/api/titles?limit=12']],
      ['/dizi/cinaralti-sirlari', 'dizi.$slug.tsx', ['/api/titles/dizi/cinaralti-sirlari']],
      ['/anime/yildiz-avcilari-kulubu', 'anime.$slug.tsx', ['/api/titles/anime/yildiz-avcilari-kulubu']],
      ['/film/buzdan-kopru', 'film.$slug.tsx', ['/api/titles/film/buzdan-kopru']],
      ['/dizi/cinaralti-sirlari/3-sezon/5-bolum', 'dizi.$slug_.{$season}-sezon.{$episode}-bolum.tsx', ['/api/watch/dizi/cinaralti-sirlari/3/5']],
      ['/anime/kus/1-sezon/12-bolum', 'anime.$slug_.{$season}-sezon.{$episode}-bolum.tsx', ['/api/watch/anime/kus/1/12']],
      ['/film/buzdan-kopru/izle', 'film.$slug_.izle.tsx', ['/api/watch/film/buzdan-kopru/1/1']],
    ])('starts %s: its route %s and its reads', (pathname, routeFile, reads) => {
      expect(earlyStartFor(pathname)).toEqual({ routeFile, reads });
    });

    it('writes a parameter as the loader does: decoded, then encoded again', () => {
      expect(earlyStartFor('/dizi/%C3%A7%C4%B1nar%20alt%C4%B1')?.reads).toEqual(['/api/titles/dizi/%C3%A7%C4%B1nar%20alt%C4%B1']);
      expect(earlyStartFor('/dizi/a%2db')?.reads).toEqual(['/api/titles/dizi/a-b']);
    });

    it.each([
      ['/kesfet/W10=', 'another page'],
      ['/film/buzdan-kopru/1-sezon/1-bolum', 'a film has no episode pages'],
      ['/dizi/cinaralti-sirlari/', 'a trailing slash'],
      ['/dizi/%E0%A4%A', 'a malformed percent-encoding'],
    ])('starts nothing for %s (%s)', (pathname) => {
      expect(earlyStartFor(pathname)).toBeNull();
    });
  });

  it.each(EARLY_ADDRESSES)("starts exactly the reads the route's loader makes at %s, for the route the router matches", async (path) => {
    const fetchMock = mockFetch(catalog);

    const router = await loadApp(path);

    const start = earlyStartFor(path)!;
    expect(readsOf(fetchMock)).toEqual(start.reads);
    expect(router.state.matches.at(-1)?.routeId).toBe(routeIdOf(start.routeFile));
  });

  describe('heroImageFor', () => {
    const featured = { featured: [{ backdropUrl: '/media/backdrops/ilk.svg' }, { backdropUrl: '/media/backdrops/ikinci.svg' }] };

    it("names the image each early page draws largest, as the page writes its address", () => {
      expect(heroImageFor('/', featured)).toBe('/media/backdrops/ilk.svg');
      expect(heroImageFor('/dizi/cinaralti-sirlari', buildTitleDetail({ backdropUrl: '/media/arka-plan.jpg' }))).toBe('/media/arka-plan.jpg');
      const drawn = buildTitleDetail({ slug: 'cinaralti-sirlari', backdropUrl: null });
      expect(heroImageFor('/film/cinaralti-sirlari', drawn)).toBe(drawnBackdropUrl(drawn));
      const ad = { link: '/', time: 5, video: '/media/reklam.mp4', image: '/media/reklam görseli.jpg' };
      expect(heroImageFor('/dizi/cinaralti-sirlari/3-sezon/5-bolum', buildWatchData({ ads: [ad] }))).toBe('/media/reklam%20g%C3%B6rseli.jpg');
      expect(heroImageFor('/film/buzdan-kopru/izle', buildWatchData({ ads: [ad] }))).toBe('/media/reklam%20g%C3%B6rseli.jpg');
    });

    it('names none where the page has no such image or the answer is not what the page reads', () => {
      expect(heroImageFor('/', { featured: [] })).toBeNull();
      expect(heroImageFor('/dizi/cinaralti-sirlari/3-sezon/5-bolum', buildWatchData({ ads: [] }))).toBeNull();
      expect(heroImageFor('/dizi/cinaralti-sirlari/3-sezon/5-bolum', buildWatchData({ ads: [{ link: '/', time: 5, video: '/media/reklam.mp4', image: null }] }))).toBeNull();
      expect(heroImageFor('/', null)).toBeNull();
      expect(heroImageFor('/dizi/cinaralti-sirlari', 'metin')).toBeNull();
      expect(heroImageFor('/sss', featured)).toBeNull();
    });
  });

  it('lists every early route file once', () => {
    expect(new Set(EARLY_ROUTE_FILES).size).toBe(EARLY_ROUTE_FILES.length);
    expect(EARLY_ROUTE_FILES).toHaveLength(EARLY_ADDRESSES.length);
  });

  describe('startEarly and the API', () => {
    const MODULES = { 'dizi.$slug.tsx': ['/assets/dizi._slug-a1.js', '/assets/TitlePage-b2.css'] };

    /** The links startEarly has added to <head>, in order. */
    const headLinks = () =>
      [...document.head.querySelectorAll('link')].map((link) => ({
        rel: link.rel,
        as: link.getAttribute('as'),
        crossOrigin: link.getAttribute('crossorigin'),
        href: link.getAttribute('href'),
      }));

    /** Lets the promise callbacks startEarly chained on the first read run. */
    async function settle() {
      for (let tick = 0; tick < 20; tick++) await Promise.resolve();
    }

    it("reads the page's data, then preloads its largest image and its scripts and stylesheets as Vite's own preloads do", async () => {
      window.history.replaceState(null, '', '/dizi/cinaralti-sirlari');
      const answer = deferredReply();
      const fetchMock = mockFetch((path) => (path === '/api/titles/dizi/cinaralti-sirlari' ? answer.promise : catalog(path, {})));

      startEarly(MODULES);

      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock).toHaveBeenCalledWith('/api/titles/dizi/cinaralti-sirlari', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
      // Nothing holds a connection the image will want before the data has said which image.
      await settle();
      expect(headLinks()).toEqual([]);

      answer.resolve({ status: 200, body: buildTitleDetail() });
      await settle();

      expect(headLinks()).toEqual([
        { rel: 'preload', as: 'image', crossOrigin: null, href: drawnBackdropUrl(buildTitleDetail()) },
        { rel: 'modulepreload', as: null, crossOrigin: '', href: '/assets/dizi._slug-a1.js' },
        { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/TitlePage-b2.css' },
      ]);
    });

    it("preloads the route's scripts and stylesheets when the first read failed too", async () => {
      window.history.replaceState(null, '', '/dizi/yok-boyle-dizi');
      mockFetch(() => ({ status: 404, body: { statusCode: 404, message: 'Bulunamadı' } }));

      startEarly({ 'dizi.$slug.tsx': MODULES['dizi.$slug.tsx'] });
      await settle();

      expect(headLinks().map((link) => link.href)).toEqual(['/assets/dizi._slug-a1.js', '/assets/TitlePage-b2.css']);
    });

    it("preloads the page's largest image once its first read has answered, and the loader still gets the whole answer", async () => {
      window.history.replaceState(null, '', '/dizi/cinaralti-sirlari');
      mockFetch(catalog);

      startEarly(MODULES);

      const image = await waitForImagePreload();
      expect(image).toEqual({ as: 'image', fetchPriority: 'high', href: drawnBackdropUrl(buildTitleDetail()) });
      await expect(api.get('/api/titles/dizi/cinaralti-sirlari')).resolves.toEqual(buildTitleDetail());
    });

    describe("the home page's slider in the shell", () => {
      beforeEach(() => {
        document.body.innerHTML =
          '<div data-boot-shell><div class="boot-main"><span class="boot-title boot-shine"></span><span class="boot-hero boot-shine"></span></div></div>';
      });

      afterEach(() => {
        document.body.innerHTML = '';
        document.documentElement.removeAttribute('data-boot-hero');
      });

      const hero = () => document.querySelector<HTMLElement>('.boot-hero')!;
      const home = { featured: [{ backdropUrl: '/media/backdrops/cinaralti-sirlari.svg' }], latestEpisodes: { page: 1, hasMore: false, episodes: [] } };

      it("takes the slider's box at once and shows the first slide's backdrop in it once the home rows have answered", async () => {
        window.history.replaceState(null, '', '/');
        const answer = deferredReply();
        mockFetch((path) => (path === '/api/home' ? answer.promise : catalog(path, {})));

        startEarly({});

        expect(document.documentElement.getAttribute('data-boot-hero')).toBe('slide');
        expect(hero().classList).toContain('boot-shine');
        expect(hero().style.backgroundImage).toBe('');

        answer.resolve({ status: 200, body: home });

        expect(await waitForImagePreload()).toEqual({ as: 'image', fetchPriority: 'high', href: '/media/backdrops/cinaralti-sirlari.svg' });
        expect(hero().style.backgroundImage).toBe('url("/media/backdrops/cinaralti-sirlari.svg")');
        expect(hero().classList).not.toContain('boot-shine');
      });

      it('leaves the page alone when the app has drawn it before the home rows answered', async () => {
        window.history.replaceState(null, '', '/');
        const answer = deferredReply();
        mockFetch((path) => (path === '/api/home' ? answer.promise : catalog(path, {})));
        startEarly({});

        document.body.innerHTML = '<main class="shell"></main>';
        answer.resolve({ status: 200, body: home });
        await waitForImagePreload();

        expect(document.body.innerHTML).toBe('<main class="shell"></main>');
      });

      it.each([
        ['/dizi/cinaralti-sirlari', 'backdrop', buildTitleDetail({ backdropUrl: '/media/arka-plan.jpg' }), 'linear-gradient(rgba(11, 12, 18, 0.55), rgba(11, 12, 18, 0.55)), url("/media/arka-plan.jpg")'],
        ['/film/buzdan-kopru/izle', 'player', buildWatchData({ ads: [{ link: '/', time: 5, video: '/media/reklam.mp4', image: '/media/reklam görseli.jpg' }] }), 'url("/media/reklam%20g%C3%B6rseli.jpg")'],
      ])("at %s takes the %s box at once and shows the page's largest image in it once the page's data has answered", async (path, shape, body, backgroundImage) => {
        window.history.replaceState(null, '', path);
        const answer = deferredReply();
        mockFetch(() => answer.promise);

        startEarly({});

        expect(document.documentElement.getAttribute('data-boot-hero')).toBe(shape);
        expect(hero().style.backgroundImage).toBe('');

        answer.resolve({ status: 200, body });

        expect(await waitForImagePreload()).not.toBeNull();
        expect(hero().style.backgroundImage).toBe(backgroundImage);
        expect(hero().classList).not.toContain('boot-shine');
      });

      it('keeps the shaped placeholder empty when the page has no such image', async () => {
        window.history.replaceState(null, '', '/dizi/cinaralti-sirlari/3-sezon/5-bolum');
        mockFetch(catalog);

        startEarly({});
        await api.get('/api/watch/dizi/cinaralti-sirlari/3/5');

        expect(document.documentElement.getAttribute('data-boot-hero')).toBe('player');
        expect(await waitForImagePreload()).toBeNull();
        expect(hero().style.backgroundImage).toBe('');
        expect(hero().classList).toContain('boot-shine');
      });
    });

    it('preloads no image when the first read failed', async () => {
      window.history.replaceState(null, '', '/dizi/yok-boyle-dizi');
      mockFetch(() => ({ status: 404, body: { statusCode: 404, message: 'Bulunamadı' } }));

      startEarly(MODULES);
      await expect(api.get('/api/titles/dizi/yok-boyle-dizi')).rejects.toBeInstanceOf(ApiError);

      expect(await waitForImagePreload()).toBeNull();
    });

    it('starts nothing on a page that is not an early one', () => {
      window.history.replaceState(null, '', '/sss');
      const fetchMock = mockFetch(catalog);

      startEarly(MODULES);

      expect(fetchMock).not.toHaveBeenCalled();
      expect(document.head.querySelectorAll('link')).toHaveLength(0);
    });

    it('hands the early answer to the first GET of its path; a later one asks the server again', async () => {
      window.history.replaceState(null, '', '/dizi/cinaralti-sirlari');
      const fetchMock = mockFetch(catalog);
      startEarly(MODULES);

      await expect(api.get('/api/titles/dizi/cinaralti-sirlari')).resolves.toEqual(buildTitleDetail());
      expect(fetchMock).toHaveBeenCalledTimes(1);

      await api.get('/api/titles/dizi/cinaralti-sirlari');
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('forgets the answers nobody took once the first page has loaded', async () => {
      window.history.replaceState(null, '', '/');
      const fetchMock = mockFetch(catalog);
      startEarly({});
      await api.get('/api/home');

      dropEarlyReads();
      await api.get('/api/titles?limit=12');

      expect(readsOf(fetchMock)).toEqual(['/api/home', '/api/titles?limit=12', '/api/titles?limit=12']);
    });

    it("reports an early read that failed as the loader's own failure", async () => {
      window.history.replaceState(null, '', '/dizi/cinaralti-sirlari');
      globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
      startEarly(MODULES);

      const read = api.get('/api/titles/dizi/cinaralti-sirlari');

      await expect(read).rejects.toBeInstanceOf(ApiError);
      await expect(read).rejects.toMatchObject({ status: 0, message: MESSAGES.serviceUnavailable });
    });
  });
});
