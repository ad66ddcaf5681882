import { titlePath } from '@seyirlik/shared-contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { buildTitleCard } from '../../../test/builders';
import { deferredReply, mockFetch } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { NewTitlesSection } from './NewTitlesSection';

const TITLES = [
  buildTitleCard(),
  buildTitleCard({
    slug: 'bulut-postacisi',
    kind: 'anime',
    name: 'Bulut Postacısı',
    year: 2023,
    imdb: 8,
    posterUrl: '/media/posters/bulut-postacisi.svg',
  }),
  buildTitleCard({
    slug: 'dehlizdeki-fisiltilar',
    kind: 'film',
    name: 'Dehlizdeki Fısıltılar',
    adult: true,
    posterUrl: '/media/posters/dehlizdeki-fisiltilar.svg',
  }),
];

describe('NewTitlesSection', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('asks for the 12 newest titles and links each card to its title page', async () => {
    const fetchMock = mockFetch(() => ({ status: 200, body: { titles: TITLES } }));

    renderInRouter(<NewTitlesSection />);

    const section = await screen.findByRole('region', { name: 'Yeni eklenenler' });
    const links = await within(section).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(TITLES.map(titlePath));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/titles?limit=12',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('shows poster, name, year, IMDb and kind, and marks an adult title +18', async () => {
    mockFetch(() => ({ status: 200, body: { titles: TITLES } }));

    renderInRouter(<NewTitlesSection />);

    const [series, anime, adultFilm] = await screen.findAllByRole('link');
    expect(series!.textContent).toBe('Çınaraltı SırlarıDizi2024★ IMDb 7,8');
    expect(series!.querySelector('img')!.getAttribute('src')).toBe(
      '/media/posters/cinaralti-sirlari.svg',
    );
    expect(series!.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    expect(anime!.textContent).toContain('Anime');
    expect(anime!.textContent).toContain('IMDb 8,0');
    expect(within(adultFilm!).getByText('+18')).toBeTruthy();
    expect(within(series!).queryByText('+18')).toBeNull();
  });

  it('shows a loading skeleton until the titles arrive', async () => {
    const reply = deferredReply();
    mockFetch(() => reply.promise);

    renderInRouter(<NewTitlesSection />);

    const skeleton = await screen.findByRole('status');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.querySelectorAll('.title-card--skeleton')).toHaveLength(12);

    reply.resolve({ status: 200, body: { titles: TITLES } });

    expect(await screen.findAllByRole('link')).toHaveLength(3);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('hides the whole section when the titles cannot be loaded', async () => {
    const reply = deferredReply();
    mockFetch(() => reply.promise);
    renderInRouter(<NewTitlesSection />);
    expect(await screen.findByRole('region', { name: 'Yeni eklenenler' })).toBeTruthy();

    reply.resolve({ status: 500, body: { statusCode: 500, message: 'Sunucu hatası' } });

    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Yeni eklenenler' })).toBeNull(),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
