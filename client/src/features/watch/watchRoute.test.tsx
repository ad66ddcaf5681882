import { screen, within } from '@testing-library/react';
import { buildTitleDetail, buildWatchData } from '../../../test/builders';
import { FakeSocket } from '../../../test/FakeSocket';
import { deferredReply, type FakeReply } from '../../../test/mockFetch';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({
  getSocket: () => fakeSocket,
  reconnectSocket: jest.fn(),
}));

const EPISODE = '/dizi/cinaralti-sirlari/1-sezon/1-bolum';

/** The whole app at the episode's page: the session of a visitor, the episode when `episodeReply` says, its title, no comments. */
function renderEpisode(episodeReply: Promise<FakeReply>) {
  return renderAppAt(EPISODE, (url) => {
    if (url === '/api/auth/session') return { status: 200, body: { user: null, recaptchaSiteKey: null } };
    if (url === '/api/watch/dizi/cinaralti-sirlari/1/1') return episodeReply;
    if (url === '/api/titles/dizi/cinaralti-sirlari') return { status: 200, body: buildTitleDetail() };
    return { status: 200, body: { comments: [], nextCursor: null } };
  }).fetchMock;
}

describe('watch routes', () => {
  prepareAppRoutes();

  it("shows the watch page's skeleton while the episode loads, then the episode in its place", async () => {
    const reply = deferredReply();
    const fetchMock = renderEpisode(reply.promise);

    const skeleton = await within(await screen.findByRole('main')).findByRole('status');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.textContent).toBe('Yükleniyor...');
    expect(skeleton.querySelector('.watch-stage .watch-player')).not.toBeNull();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/watch/dizi/cinaralti-sirlari/1/1', expect.objectContaining({ method: 'GET' }));

    reply.resolve({ status: 200, body: buildWatchData() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Çınaraltı Sırları 1. Sezon 1. Bölüm' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Yapım sayfası' }).getAttribute('href')).toBe('/dizi/cinaralti-sirlari');
    // The page's skeleton is gone (the comments below say "Yükleniyor..." while they load, as they always have).
    expect(within(screen.getByRole('main')).queryByRole('status', { busy: true })).toBeNull();
  });
});
