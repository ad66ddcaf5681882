import { MESSAGES, encodeDiscoverFilter, type HomeRows, type LatestEpisode, type LatestEpisodesPage } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildTitleCard } from '../../../test/builders';
import { deferredReply, mockFetch, type FakeReply } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { Toaster } from '../toast/Toaster';
import { channelInitials } from './ChannelsSection';
import { HomeCatalogRows } from './HomeCatalogRows';

function buildEpisode(index: number, overrides: Partial<LatestEpisode> = {}): LatestEpisode {
  return {
    path: `/dizi/cinaralti-sirlari/1-sezon/${index}-bolum`,
    titleName: 'Çınaraltı Sırları',
    titleKind: 'dizi',
    posterUrl: '/media/posters/cinaralti-sirlari.svg',
    adult: false,
    season: 1,
    number: index,
    name: `Bölüm adı ${index}`,
    airAt: '2025-05-19T17:00:00.000Z',
    ...overrides,
  };
}

const page = (number: number, count: number, hasMore: boolean): LatestEpisodesPage => ({
  page: number,
  hasMore,
  episodes: Array.from({ length: count }, (_, index) => buildEpisode((number - 1) * 12 + index + 1)),
});

const ROWS: HomeRows = {
  featured: [
    {
      ...buildTitleCard(),
      backdropUrl: '/media/backdrops/cinaralti-sirlari.svg',
      description: 'Bir kasabada çınarın altında saklanan sırlar.',
      genres: ['Dram'],
      watchPath: '/dizi/cinaralti-sirlari/2-sezon/5-bolum',
      latestEpisode: { season: 2, number: 5 },
    },
  ],
  popular: [
    buildTitleCard({ slug: 'lodos-vakti', name: 'Lodos Vakti', posterUrl: '/media/posters/lodos-vakti.svg' }),
    buildTitleCard({ slug: 'bulut-postacisi', kind: 'anime', name: 'Bulut Postacısı', posterUrl: '/media/posters/bulut-postacisi.svg' }),
  ],
  genreRows: [
    { slug: 'dram', name: 'Dram', titles: [buildTitleCard()] },
    { slug: 'komedi', name: 'Komedi', titles: [buildTitleCard({ slug: 'muhtar-hulusi', name: 'Muhtar Hulusi' })] },
  ],
  latestEpisodes: {
    page: 1,
    hasMore: true,
    episodes: [
      buildEpisode(5, { path: '/dizi/cinaralti-sirlari/2-sezon/5-bolum', season: 2, name: 'Yüzleşme' }),
      buildEpisode(1, {
        path: '/film/dehlizdeki-fisiltilar/izle',
        titleName: 'Dehlizdeki Fısıltılar',
        titleKind: 'film',
        adult: true,
        name: 'Dehlizdeki Fısıltılar',
        posterUrl: '/media/posters/dehlizdeki-fisiltilar.svg',
      }),
      ...page(1, 12, true).episodes.slice(2),
    ],
  },
  channels: [
    { slug: 'atlas-tv', name: 'Atlas TV' },
    { slug: 'inci-tv', name: 'İnci TV' },
  ],
  newestFilms: [
    buildTitleCard({ slug: 'buzdan-kopru', kind: 'film', name: 'Buzdan Köprü', posterUrl: '/media/posters/buzdan-kopru.svg' }),
    buildTitleCard({ slug: 'gece-yarisi-firini', kind: 'film', name: 'Gece Yarısı Fırını', posterUrl: '/media/posters/gece-yarisi-firini.svg' }),
  ],
};

function renderRows(reply: (path: string) => FakeReply | Promise<FakeReply>) {
  const fetchMock = mockFetch(reply);
  renderInRouter(
    <>
      <HomeCatalogRows />
      <Toaster />
    </>,
  );
  return fetchMock;
}

const latestSection = () => screen.findByRole('region', { name: 'Son eklenen bölümler' });
const episodeLinks = async () => within(await screen.findByRole('list', { name: 'Son eklenen bölümler' })).getAllByRole('link');
const episodeCount = async () => (await episodeLinks()).length;
const loadMore = () => screen.queryByRole('button', { name: 'Daha fazla bölüm yükle' }) as HTMLButtonElement | null;

describe('HomeCatalogRows', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('holds the latest episodes’ place while the rows load', async () => {
    renderRows(() => new Promise(() => undefined));

    const status = within(await latestSection()).getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Yükleniyor...');
  });

  it('shows each latest episode with its poster, title, season and episode, name and air date, linking to its watch page', async () => {
    const fetchMock = renderRows(() => ({ status: 200, body: ROWS }));

    const links = await episodeLinks();
    expect(fetchMock).toHaveBeenCalledWith('/api/home', expect.objectContaining({ method: 'GET' }));
    expect(links).toHaveLength(12);
    expect(links[0]!.getAttribute('href')).toBe('/dizi/cinaralti-sirlari/2-sezon/5-bolum');
    expect(links[0]!.textContent).toBe('Çınaraltı Sırları2. Sezon 5. BölümYüzleşme19 Mayıs 2025');
    const poster = links[0]!.querySelector('img')!;
    expect([poster.getAttribute('src'), poster.getAttribute('loading'), poster.getAttribute('alt')]).toEqual([
      '/media/posters/cinaralti-sirlari.svg',
      'lazy',
      '',
    ]);
  });

  it('calls a film a film and marks an adult title +18', async () => {
    renderRows(() => ({ status: 200, body: ROWS }));

    const film = (await episodeLinks())[1]!;
    expect(film.getAttribute('href')).toBe('/film/dehlizdeki-fisiltilar/izle');
    expect(film.textContent).toBe('Dehlizdeki FısıltılarFilm19 Mayıs 2025+18');
  });

  it('leads each channel to the discover page filtered by it, with a mark drawn from its name', async () => {
    renderRows(() => ({ status: 200, body: ROWS }));

    const channels = await screen.findByRole('region', { name: 'Kanallar' });
    const links = within(channels).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual(['Atlas TV yapımları', 'İnci TV yapımları']);
    expect(links[0]!.getAttribute('href')).toBe(`/kesfet/${encodeDiscoverFilter({ channel: 'atlas-tv' })}`);
    expect(links[1]!.textContent).toBe('İTİnci TV');
    expect(within(channels).getByRole('list', { name: 'Kanallar' })).toBeTruthy();
  });

  it.each([
    ['Atlas TV', 'AT'],
    ['İnci TV', 'İT'],
    ['ışık', 'I'],
    ['Ekran 7 Plus', 'E7'],
    ['  Kanal  Mavi ', 'KM'],
  ])('draws %p as %p', (name, initials) => {
    expect(channelInitials(name)).toBe(initials);
  });

  it('shows the newest films in their carousel, each leading to its title page', async () => {
    renderRows(() => ({ status: 200, body: ROWS }));

    const films = await screen.findByRole('region', { name: 'En yeni filmler' });
    expect(within(films).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/film/buzdan-kopru', '/film/gece-yarisi-firini']);
  });

  it('opens with the featured slider, then the member\'s own row, before the latest episodes', async () => {
    mockFetch(() => ({ status: 200, body: ROWS }));
    renderInRouter(<HomeCatalogRows personal={<p>kendi satırı</p>} />);

    const slider = await screen.findByRole('region', { name: 'Öne çıkanlar' });
    const personal = screen.getByText('kendi satırı');
    const latest = await latestSection();
    expect(slider.compareDocumentPosition(personal) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(personal.compareDocumentPosition(latest) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(slider).getByRole('link', { name: 'İzle' }).getAttribute('href')).toBe('/dizi/cinaralti-sirlari/2-sezon/5-bolum');
  });

  it('holds the slider\'s place and keeps the member\'s own row while the rows load', async () => {
    mockFetch(() => new Promise(() => undefined));
    renderInRouter(<HomeCatalogRows personal={<p>kendi satırı</p>} />);

    expect(await screen.findByText('kendi satırı')).toBeTruthy();
    expect(document.querySelector('.featured--skeleton[role="status"]')).not.toBeNull();
  });

  it('lists "Popüler" and each genre row as title cards leading to their pages', async () => {
    renderRows(() => ({ status: 200, body: ROWS }));

    const popular = await screen.findByRole('region', { name: 'Popüler' });
    expect(within(popular).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/dizi/lodos-vakti', '/anime/bulut-postacisi']);
    expect(within(screen.getByRole('region', { name: 'Dram' })).getByRole('list', { name: 'Dram' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Komedi' })).getByRole('link').getAttribute('href')).toBe('/dizi/muhtar-hulusi');
  });

  it('hides the rows when they cannot be loaded', async () => {
    const fetchMock = renderRows(() => ({ status: 500, body: { statusCode: 500, message: MESSAGES.serverError } }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByText(MESSAGES.serverError)).toBeNull();
  });

  it('hides a row that has nothing to show', async () => {
    renderRows(() => ({ status: 200, body: { ...ROWS, featured: [], popular: [], genreRows: [], latestEpisodes: { page: 1, hasMore: false, episodes: [] }, channels: [] } }));

    await screen.findByRole('region', { name: 'En yeni filmler' });
    expect(screen.queryByRole('region', { name: 'Son eklenen bölümler' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Kanallar' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Öne çıkanlar' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Popüler' })).toBeNull();
  });

  describe('loading more latest episodes', () => {
    const rowsWith = (first: LatestEpisodesPage): HomeRows => ({ ...ROWS, latestEpisodes: first });

    it('asks for the next page number per click, busy meanwhile, then says there is nothing more and drops the button', async () => {
      const second = deferredReply();
      const fetchMock = renderRows((path) => {
        if (path === '/api/home') return { status: 200, body: rowsWith(page(1, 12, true)) };
        if (path === '/api/episodes/latest?page=2') return second.promise;
        return { status: 200, body: page(3, 5, false) };
      });
      expect(await episodeCount()).toBe(12);

      fireEvent.click(loadMore()!);
      expect(loadMore()!.disabled).toBe(true);
      expect(loadMore()!.getAttribute('aria-busy')).toBe('true');
      await act(async () => second.resolve({ status: 200, body: page(2, 12, true) }));

      expect(await episodeCount()).toBe(24);
      expect(loadMore()!.disabled).toBe(false);
      expect(screen.queryByText(MESSAGES.noMoreContent)).toBeNull();

      fireEvent.click(loadMore()!);
      await waitFor(async () => expect(await episodeCount()).toBe(29));

      expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/home', '/api/episodes/latest?page=2', '/api/episodes/latest?page=3']);
      expect(loadMore()).toBeNull();
      expect(screen.getByText(MESSAGES.noMoreContent).closest('.toast')?.className).toContain('toast--info');
    });

    it('shows an episode that moved to the next page once', async () => {
      renderRows((path) =>
        path === '/api/home'
          ? { status: 200, body: rowsWith(page(1, 12, true)) }
          : { status: 200, body: { page: 2, hasMore: false, episodes: [buildEpisode(12), buildEpisode(13)] } },
      );
      expect(await episodeCount()).toBe(12);

      fireEvent.click(loadMore()!);

      await waitFor(async () => expect(await episodeCount()).toBe(13));
    });

    it('keeps the button for another try when a page fails, and says why', async () => {
      renderRows((path) =>
        path === '/api/home'
          ? { status: 200, body: rowsWith(page(1, 12, true)) }
          : { status: 400, body: { statusCode: 400, message: 'Sayfa numarası geçersiz.' } },
      );
      expect(await episodeCount()).toBe(12);

      fireEvent.click(loadMore()!);

      expect((await screen.findByText('Sayfa numarası geçersiz.')).closest('.toast')?.className).toContain('toast--error');
      expect(loadMore()!.disabled).toBe(false);
      expect(await episodeCount()).toBe(12);
    });

    it('offers no button when the first page is the last', async () => {
      renderRows(() => ({ status: 200, body: rowsWith(page(1, 4, false)) }));

      expect(await episodeCount()).toBe(4);
      expect(loadMore()).toBeNull();
      expect(screen.queryByText(MESSAGES.noMoreContent)).toBeNull();
    });
  });
});
