import { MESSAGES, REQUEST_MESSAGES as M, REQUEST_RULES, type ContentRequestList, type ContentRequestView, type SessionUser } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildSessionUser } from '../../../test/builders';
import { FakeSocket } from '../../../test/FakeSocket';
import type { FakeServer } from '../../../test/mockFetch';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

function buildRequest(id: number, name: string, overrides: Partial<ContentRequestView> = {}): ContentRequestView {
  return {
    id,
    link: `/istekler/${id}`,
    name,
    kind: 'dizi',
    externalId: null,
    image: null,
    status: 'open',
    upCount: 0,
    downCount: 0,
    score: 0,
    myVote: null,
    requester: { id: 3, username: 'mehmet', profileName: 'Mehmet', avatarUrl: null },
    titleLink: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const list = (requests: ContentRequestView[], page = 1, hasMore = false): ContentRequestList => ({ requests, page, hasMore });

/** The whole app at /istekler for `user` (a member by default), the requests answered by `requests`. */
function renderRequests(requests: FakeServer, user: SessionUser | null = buildSessionUser()) {
  return renderAppAt('/istekler', (url, init) => {
    if (url === '/api/auth/session') return { status: 200, body: { user, recaptchaSiteKey: null } };
    if (url.startsWith('/api/requests')) return requests(url, init);
    return { status: 404 };
  });
}

const calls = (fetchMock: jest.Mock, prefix: string) => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));
const sentJson = (fetchMock: jest.Mock, url: string) => {
  const init = fetchMock.mock.calls.find(([called, options]) => called === url && (options as RequestInit | undefined)?.method === 'POST')?.[1] as RequestInit | undefined;
  return init?.body ? JSON.parse(String(init.body)) : undefined;
};

describe('/istekler', () => {
  prepareAppRoutes();

  it('lists requests with their status, score, the viewer’s vote and the added title’s link; markup in a name is text', async () => {
    renderRequests(() => ({
      status: 200,
      body: list([
        buildRequest(1, 'Kurtlar Vadisi', { upCount: 5, downCount: 1, score: 4, myVote: 'upvoted' }),
        buildRequest(2, '<img src=x onerror=alert(1)> Gece', { status: 'added', titleLink: '/dizi/gece' }),
        buildRequest(3, 'Reddedilen', { status: 'refused', myVote: 'downvoted' }),
      ]),
    }));

    const first = await screen.findByRole('article', { name: 'Kurtlar Vadisi' });
    expect(within(first).getByText(M.score(4))).toBeTruthy();
    expect(within(first).getByText(M.status.open)).toBeTruthy();
    expect(within(first).getByRole('button', { name: M.upvote }).getAttribute('aria-pressed')).toBe('true');
    expect(within(first).getByRole('button', { name: M.downvote }).getAttribute('aria-pressed')).toBe('false');
    expect(within(first).getByText(M.yourVote.upvoted)).toBeTruthy();
    const added = screen.getByRole('article', { name: '<img src=x onerror=alert(1)> Gece' });
    expect(within(added).getByText(M.status.added)).toBeTruthy();
    expect(within(added).getByRole('link', { name: M.goToTitle }).getAttribute('href')).toBe('/dizi/gece');
    expect(within(added).getByRole('button', { name: M.upvote })).toHaveProperty('disabled', true);
    expect(added.querySelector('img[src="x"]')).toBeNull();
    const refused = screen.getByRole('article', { name: 'Reddedilen' });
    expect(within(refused).getByText(M.status.refused)).toBeTruthy();
  });

  it('votes up, then shows the row as the server answered it', async () => {
    const { fetchMock } = renderRequests((url) =>
      url === '/api/requests/1/vote'
        ? { status: 200, body: { request: buildRequest(1, 'Kurtlar Vadisi', { upCount: 1, score: 1, myVote: 'upvoted' }), message: M.upvoted } }
        : { status: 200, body: list([buildRequest(1, 'Kurtlar Vadisi')]) },
    );
    const row = await screen.findByRole('article', { name: 'Kurtlar Vadisi' });

    fireEvent.click(within(row).getByRole('button', { name: M.upvote }));

    await waitFor(() => expect(within(row).getByRole('button', { name: M.upvote }).getAttribute('aria-pressed')).toBe('true'));
    expect(within(row).getByText(M.score(1))).toBeTruthy();
    expect(sentJson(fetchMock, '/api/requests/1/vote')).toEqual({ type: 1 });
  });

  it('tells a visitor who votes to log in and sends them to /giris-yap after 2 s, sending no vote', async () => {
    const { fetchMock, router } = renderRequests(() => ({ status: 200, body: list([buildRequest(1, 'Kurtlar Vadisi')]) }), null);
    const row = await screen.findByRole('article', { name: 'Kurtlar Vadisi' });
    jest.useFakeTimers();
    try {
      fireEvent.click(within(row).getByRole('button', { name: M.downvote }));
      expect(await screen.findByText(M.loginToRequest)).toBeTruthy();

      act(() => jest.advanceTimersByTime(REQUEST_RULES.loginRedirectMs - 1));
      expect(router.state.location.pathname).toBe('/istekler');
      act(() => jest.advanceTimersByTime(1));
      await waitFor(() => expect(router.state.location.pathname).toBe('/giris-yap'));
      expect(calls(fetchMock, '/api/requests/1/vote')).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('searches from 2 characters, showing catalog titles as links and the existing requests', async () => {
    const { fetchMock } = renderRequests((url) =>
      url.startsWith('/api/requests/search')
        ? {
            status: 200,
            body: {
              titles: [{ name: 'Gece Yarısı', originalName: 'Midnight', kind: 'film', year: 2021, link: '/film/gece-yarisi', posterUrl: '/media/posters/gece-yarisi.svg' }],
              requests: [buildRequest(9, 'Gece Bekçisi')],
            },
          }
        : { status: 200, body: list([]) },
    );
    const box = await screen.findByRole('searchbox', { name: M.searchLabel });

    fireEvent.change(box, { target: { value: 'g' } });
    expect(await screen.findByText(M.searchHint)).toBeTruthy();
    fireEvent.change(box, { target: { value: 'ge' } });

    const title = await screen.findByRole('link', { name: /Gece Yarısı/ });
    expect(title.getAttribute('href')).toBe('/film/gece-yarisi');
    expect(screen.getByRole('article', { name: 'Gece Bekçisi' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.request })).toBeNull();
    expect(calls(fetchMock, '/api/requests/search')).toEqual(['/api/requests/search?q=ge']);
  });

  it('offers "İste" for a title not found, refuses a bad poster in the shared message, and sends the seed’s fields', async () => {
    const made = buildRequest(12, 'Yeni Dizi');
    const { fetchMock, router } = renderRequests((url, init) => {
      if (url.startsWith('/api/requests/search')) return { status: 200, body: { titles: [], requests: [] } };
      if (url === '/api/requests' && init.method === 'POST') return { status: 201, body: { request: made, link: made.link, message: M.created } };
      if (url === '/api/requests/12') return { status: 200, body: made };
      return { status: 200, body: list([]) };
    });
    fireEvent.change(await screen.findByRole('searchbox', { name: M.searchLabel }), { target: { value: 'Yeni Dizi' } });
    expect(await screen.findByText(M.notFound)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: M.request }));
    const dialog = await screen.findByRole('dialog', { name: M.formTitle });
    expect((within(dialog).getByLabelText(M.nameLabel) as HTMLInputElement).value).toBe('Yeni Dizi');
    fireEvent.change(within(dialog).getByLabelText(M.imageLabel), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: M.request }));
    expect(await within(dialog).findByText(M.imageInvalid)).toBeTruthy();
    expect(sentJson(fetchMock, '/api/requests')).toBeUndefined();

    fireEvent.change(within(dialog).getByLabelText(M.imageLabel), { target: { value: 'https://ornek.com/afis.jpg' } });
    fireEvent.change(within(dialog).getByLabelText(M.externalIdLabel), { target: { value: '42' } });
    fireEvent.click(within(dialog).getByRole('button', { name: M.request }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/istekler/12'));
    expect(sentJson(fetchMock, '/api/requests')).toEqual({ name: 'Yeni Dizi', type: 'dizi', id: '42', image: 'https://ornek.com/afis.jpg' });
    expect(await screen.findByRole('article', { name: 'Yeni Dizi' })).toBeTruthy();
  });

  it('sends a member whose title was requested already to that request', async () => {
    const existing = buildRequest(5, 'Eski İstek');
    const { router } = renderRequests((url, init) => {
      if (url.startsWith('/api/requests/search')) return { status: 200, body: { titles: [], requests: [] } };
      if (url === '/api/requests' && init.method === 'POST') return { status: 409, body: { statusCode: 409, message: M.alreadyRequested, exists: 'request', link: '/istekler/5' } };
      if (url === '/api/requests/5') return { status: 200, body: existing };
      return { status: 200, body: list([]) };
    });
    fireEvent.change(await screen.findByRole('searchbox', { name: M.searchLabel }), { target: { value: 'Eski İstek' } });
    fireEvent.click(await screen.findByRole('button', { name: M.request }));
    const dialog = await screen.findByRole('dialog', { name: M.formTitle });

    fireEvent.click(within(dialog).getByRole('button', { name: M.request }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/istekler/5'));
    expect(await screen.findByText(M.alreadyRequested)).toBeTruthy();
  });

  it('loads more, ending with the seed’s text (seed §8)', async () => {
    renderRequests((url) =>
      url === '/api/requests?page=2' ? { status: 200, body: list([buildRequest(2, 'İkinci')], 2, false) } : { status: 200, body: list([buildRequest(1, 'Birinci')], 1, true) },
    );
    fireEvent.click(await screen.findByRole('button', { name: M.loadMore }));

    expect(await screen.findByRole('article', { name: 'İkinci' })).toBeTruthy();
    expect(screen.getByText(MESSAGES.noMoreRequests)).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.loadMore })).toBeNull();
  });

  it('shows a failed "load more" with its error and removes the button', async () => {
    renderRequests((url) =>
      url === '/api/requests?page=2'
        ? { status: 503, body: { statusCode: 503, message: MESSAGES.serviceUnavailable } }
        : { status: 200, body: list([buildRequest(1, 'Birinci')], 1, true) },
    );
    fireEvent.click(await screen.findByRole('button', { name: M.loadMore }));

    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.serviceUnavailable);
    expect(screen.queryByRole('button', { name: M.loadMore })).toBeNull();
    expect(screen.getByRole('article', { name: 'Birinci' })).toBeTruthy();
  });
});
