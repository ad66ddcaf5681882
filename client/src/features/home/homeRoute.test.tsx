import type { HomeRows } from '@seyirlik/shared-contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildTitleCard } from '../../../test/builders';
import { FakeSocket } from '../../../test/FakeSocket';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({
  getSocket: () => fakeSocket,
  reconnectSocket: jest.fn(),
}));

const ROWS: HomeRows = {
  featured: [],
  popular: [],
  genreRows: [],
  latestEpisodes: {
    page: 1,
    hasMore: false,
    episodes: [
      {
        path: '/dizi/cinaralti-sirlari/1-sezon/1-bolum',
        titleName: 'Çınaraltı Sırları',
        titleKind: 'dizi',
        posterUrl: '/media/posters/cinaralti-sirlari.svg',
        adult: false,
        season: 1,
        number: 1,
        name: 'Dönüş',
        airAt: '2025-05-19T17:00:00.000Z',
      },
    ],
  },
  channels: [],
  newestFilms: [],
};

/** The whole app at the FAQ page, a visitor's session, and the home page's two catalog reads. */
function renderFaq() {
  return renderAppAt('/sss', (url) => {
    if (url === '/api/auth/session') return { status: 200, body: { user: null, recaptchaSiteKey: null } };
    if (url === '/api/home') return { status: 200, body: ROWS };
    if (url === '/api/titles?limit=12') return { status: 200, body: { titles: [buildTitleCard()] } };
    return { status: 404, body: { statusCode: 404, message: 'Bulunamadı' } };
  }).fetchMock;
}

const callsTo = (fetchMock: jest.Mock, url: string) => fetchMock.mock.calls.filter(([called]) => called === url).length;

describe('home route', () => {
  prepareAppRoutes();

  it('reads the home page ahead when the pointer rests on its link, and the click that follows reads nothing again', async () => {
    const fetchMock = renderFaq();
    const navigation = await screen.findByRole('navigation', { name: 'Ana menü' });
    const homeLink = within(navigation).getByRole('link', { name: 'Anasayfa' });
    expect(callsTo(fetchMock, '/api/home')).toBe(0);

    fireEvent.mouseEnter(homeLink);

    await waitFor(() => expect(callsTo(fetchMock, '/api/home')).toBe(1));
    await waitFor(() => expect(callsTo(fetchMock, '/api/titles?limit=12')).toBe(1));

    fireEvent.click(homeLink);

    expect(await screen.findByRole('link', { name: /Dönüş/ })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Yeni eklenenler' })).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('status')).toBeNull();
    expect(callsTo(fetchMock, '/api/home')).toBe(1);
    expect(callsTo(fetchMock, '/api/titles?limit=12')).toBe(1);
  });
});
