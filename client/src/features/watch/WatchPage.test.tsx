import { MESSAGES, type SessionUser, type TitleDetail, type WatchData } from '@seyirlik/shared-contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { FakeSocket } from '../../../test/FakeSocket';
import { buildSessionUser, buildTitleCard, buildTitleDetail, buildWatchData } from '../../../test/builders';
import { deferredReply, mockFetch, type FakeReply } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { sessionAtom } from '../session/session';
import { WatchPage } from './WatchPage';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));
// plyr draws its controls with browser media APIs jsdom lacks (TextTrack); the page is what is tested here.
jest.mock('plyr', () => ({ __esModule: true, default: class { destroy() {} } }));

const NOW = new Date('2025-05-19T12:00:00.000Z');
const TITLE_PATH = '/api/titles/dizi/cinaralti-sirlari';

/** The title of the watch page: season 1 aired, season 2 with an episode still to come. */
const DETAIL: TitleDetail = buildTitleDetail({
  seasons: [
    {
      number: 1,
      name: null,
      episodes: [
        { id: 1, number: 1, name: 'Dönüş', airAt: '2024-09-12T17:00:00.000Z', durationSeconds: 2700 },
        { id: 2, number: 2, name: 'Mektup', airAt: '2024-09-19T17:00:00.000Z', durationSeconds: 2640 },
      ],
    },
    {
      number: 2,
      name: 'Bahar',
      episodes: [
        { id: 3, number: 1, name: 'Yeni Bahar', airAt: '2025-03-06T17:00:00.000Z', durationSeconds: 2760 },
        { id: 4, number: 2, name: 'Gelecek', airAt: '2025-06-06T17:00:00.000Z', durationSeconds: 2760 },
      ],
    },
  ],
});

const SERIES_WATCH = buildWatchData({
  sources: [
    { id: 11, name: 'Seyirlik', kind: 'mp4', tiers: ['1080p', '720p'], locked: false, downloadable: true },
    { id: 12, name: 'Üyelere Özel', kind: 'hls', tiers: ['1080p'], locked: true, downloadable: false },
  ],
  groups: [{ hash: 'yedek-kaynaklar', name: 'Yedek Kaynaklar', sources: [{ id: 13, name: 'Yedek 1', kind: 'embed', tiers: [], locked: false, downloadable: false }] }],
});

const FILM_WATCH: WatchData = buildWatchData({
  title: { ...buildTitleCard({ slug: 'buzdan-kopru', kind: 'film', name: 'Buzdan Köprü' }), path: '/film/buzdan-kopru' },
  episode: { id: 9, number: 1, name: 'Buzdan Köprü', airAt: '2016-01-29T14:00:00.000Z', durationSeconds: 7260 },
  path: '/film/buzdan-kopru/izle',
  seasons: [{ number: 1, name: null, path: '/film/buzdan-kopru/izle' }],
  episodes: [{ season: 1, number: 1, name: 'Buzdan Köprü', path: '/film/buzdan-kopru/izle' }],
});

/**
 * The server: the title when `title` says, the member's marks, the stream when `stream` says (an
 * embed by default), no comments and no timed comments.
 */
function serve({
  title = { status: 200, body: DETAIL } as FakeReply | Promise<FakeReply>,
  watched = [] as number[],
  stream = { status: 200, body: { kind: 'embed', link: '/embed/demo/bars', downloadUrl: null } } as FakeReply | Promise<FakeReply>,
} = {}) {
  return mockFetch((path) => {
    const { pathname } = new URL(path, 'http://localhost');
    if (path === TITLE_PATH) return title;
    if (path === `${TITLE_PATH}/me`) return { status: 200, body: { following: false, favorite: false, notify: false, watchedEpisodeIds: watched } };
    if (path === `${TITLE_PATH}/continue-watching`) return { status: 200, body: { entry: null } };
    if (path.startsWith('/api/sources/')) return stream;
    if (pathname.endsWith('/timed-comments/heat')) return { status: 200, body: { durationSeconds: 2700, buckets: Array<number>(100).fill(0) } };
    if (pathname.endsWith('/timed-comments')) return { status: 200, body: { comments: [], hasMore: false } };
    if (pathname === '/api/rooms/replays') return { status: 200, body: { rooms: [] } };
    if (path.includes('/comments')) return { status: 200, body: { room: 'content:episode:1', target: { type: 2, id: 1 }, threads: [], total: 0, nextCursor: null } };
    return { status: 404, body: { statusCode: 404, message: MESSAGES.notFound } };
  });
}

function renderWatch(watch: WatchData, user: SessionUser | null = null) {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user, recaptchaSiteKey: null });
  return renderInRouter(<WatchPage watch={watch} />, { path: watch.path, store });
}

const episodeList = () => within(screen.getByRole('navigation', { name: 'Bölümler' }));

describe('WatchPage', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate', 'setTimeout', 'setInterval'] });
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it("heads the page with the poster, what the title is, the season and episode, the episode's name, air date and length", async () => {
    serve();
    renderWatch(SERIES_WATCH);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Çınaraltı Sırları 1. Sezon 1. Bölüm');
    const heading = document.querySelector<HTMLElement>('.watch-heading')!;
    expect(within(heading).getByRole('img', { name: 'Çınaraltı Sırları afişi' }).getAttribute('src')).toBe('/media/posters/cinaralti-sirlari.svg');
    expect(heading.querySelector('.watch-heading__facts')!.textContent).toBe('Dizi2024IMDb 7,8');
    expect(heading.querySelector('.watch-heading__episode')!.textContent).toBe('Dönüş');
    expect(heading.querySelector('.watch-heading__meta')!.textContent).toBe('Yayın tarihi: 12 Eylül 202445 dk');
    expect(screen.getByRole('link', { name: 'Yapım sayfası' }).getAttribute('href')).toBe('/dizi/cinaralti-sirlari');
    // A visitor has no watched box.
    expect(screen.queryByRole('checkbox', { name: /İzledim/ })).toBeNull();
  });

  it('offers the sources as a labelled choice: name, kind, quality, "Üyelere özel", and the video groups as tabs', async () => {
    serve();
    renderWatch(SERIES_WATCH);

    const sources = await screen.findByRole('region', { name: 'Alternatif kaynaklar' });
    const [open, locked] = within(sources).getAllByRole('button');
    expect(open!.textContent).toBe('SeyirlikMP4Kalite: 1080p720p');
    expect(locked!.textContent).toBe('Üyelere ÖzelHLSKalite: 1080pÜyelere özel');
    expect(within(sources).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Kaynaklar', 'Yedek Kaynaklar']);

    fireEvent.click(within(sources).getByRole('tab', { name: 'Yedek Kaynaklar' }));

    expect(within(sources).getByRole('button', { name: /Yedek 1/ }).textContent).toBe('Yedek 1Harici oynatıcı');
  });

  it("lists the episode's season from the watch page until the title arrives, then every season as tabs", async () => {
    const title = deferredReply();
    serve({ title: title.promise });
    renderWatch(SERIES_WATCH);

    await screen.findByRole('heading', { level: 1 });
    expect(episodeList().getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/dizi/cinaralti-sirlari/1-sezon/1-bolum']);
    expect(screen.queryByRole('tablist', { name: 'Sezonlar' })).toBeNull();

    title.resolve({ status: 200, body: DETAIL });

    const seasons = await screen.findByRole('tablist', { name: 'Sezonlar' });
    expect(within(seasons).getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['1. Sezon', 'true'],
      ['Bahar', 'false'],
    ]);
    const links = episodeList().getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['11. BölümŞu an izleniyorDönüş12 Eylül 202445 dk', '22. BölümMektup19 Eylül 202444 dk']);
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
    expect(links[0]!.querySelector('img')!.getAttribute('src')).toBe('/media/backdrops/cinaralti-sirlari.svg');
  });

  it('lists an episode still to come as "Yakında", without a link', async () => {
    serve();
    renderWatch(SERIES_WATCH);

    fireEvent.click(await screen.findByRole('tab', { name: 'Bahar' }));

    const [aired, upcoming] = episodeList().getAllByRole('listitem');
    expect(within(aired!).getByRole('link').getAttribute('href')).toBe('/dizi/cinaralti-sirlari/2-sezon/1-bolum');
    expect(within(upcoming!).queryByRole('link')).toBeNull();
    expect(within(upcoming!).getByText('Yakında')).toBeTruthy();
  });

  it("marks the member's watched episodes, and offers the episode's own box", async () => {
    serve({ watched: [1] });
    renderWatch(SERIES_WATCH, buildSessionUser());

    const box = await screen.findByRole('checkbox', { name: 'İzledim: 1. Bölüm' });
    await screen.findByRole('tablist', { name: 'Sezonlar' });
    await screen.findAllByText('İzlendi');
    expect((box as HTMLInputElement).checked).toBe(true);
    const [first, second] = episodeList().getAllByRole('link');
    expect(within(first!).getByText('İzlendi')).toBeTruthy();
    expect(within(second!).queryByText('İzlendi')).toBeNull();
  });

  it('shows a film with its release date, and no seasons or episodes', async () => {
    serve();
    renderWatch(FILM_WATCH);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Buzdan Köprü');
    expect(document.querySelector('.watch-heading__meta')!.textContent).toBe('Vizyon tarihi: 29 Ocak 2016121 dk');
    expect(document.querySelector('.watch-heading__episode')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Bölümler' })).toBeNull();
    expect(screen.queryByRole('tablist', { name: 'Sezonlar' })).toBeNull();
  });

  describe('the timed comments’ lane', () => {
    const lane = () => screen.queryByRole('complementary', { name: 'Zamanlı yorumlar' });
    // jsdom plays no media.
    beforeEach(() => {
      jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    });

    it('stands beside a video from the first paint, before its stream is read, so the player does not move when it attaches', async () => {
      const stream = deferredReply();
      serve({ stream: stream.promise });
      renderWatch(SERIES_WATCH);

      await screen.findByRole('heading', { level: 1 });
      // The first source a visitor may open is an MP4: its lane is there while its stream is on its way.
      expect(document.querySelector('video')).toBeNull();
      expect(lane()).not.toBeNull();

      stream.resolve({ status: 200, body: { kind: 'mp4', link: '/media/demo/bars.mp4', downloadUrl: null } });
      await waitFor(() => expect(document.querySelector('video')).not.toBeNull());
      expect(lane()).not.toBeNull();
    });

    it('is not there for an embedded player, which has no playhead to follow, before or after its stream', async () => {
      const stream = deferredReply();
      serve({ stream: stream.promise });
      const embedded = buildWatchData({
        sources: [{ id: 13, name: 'Yedek 1', kind: 'embed', tiers: [], locked: false, downloadable: false }],
        groups: [],
      });
      renderWatch(embedded);

      await screen.findByRole('heading', { level: 1 });
      expect(lane()).toBeNull();

      stream.resolve({ status: 200, body: { kind: 'embed', link: '/embed/demo/bars', downloadUrl: null } });
      await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
      expect(lane()).toBeNull();
    });
  });
});
