import { COLLECTION_MESSAGES as M, COLLECTION_RULES, type CollectionList, type SessionUser } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildSessionUser } from '../../../test/builders';
import { FakeSocket } from '../../../test/FakeSocket';
import { sentBody, type FakeServer } from '../../../test/mockFetch';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';
import { buildCollectionCard, buildCollectionTitle, buildCollectionView } from './collectionBuilders';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

const list = (collections: CollectionList['collections'], page = 1, hasMore = false): CollectionList => ({ collections, page, hasMore });

/** The whole app at /koleksiyonlar for `user` (a member by default), the collections answered by `collections`. */
function renderCollections(collections: FakeServer, user: SessionUser | null = buildSessionUser()) {
  return renderAppAt('/koleksiyonlar', (url, init) => {
    if (url === '/api/auth/session') return { status: 200, body: { user, recaptchaSiteKey: null } };
    if (url.startsWith('/api/collections')) return collections(url, init);
    return { status: 404 };
  });
}

const callsTo = (fetchMock: jest.Mock, prefix: string) => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));

describe('/koleksiyonlar', () => {
  prepareAppRoutes();

  it('lists the newest collections, each linking to its page, and switches to the most followed', async () => {
    const { fetchMock } = renderCollections((url) => ({
      status: 200,
      body: url.includes('sort=popular')
        ? list([buildCollectionCard(4, 'Çok sevilenler', { followerCount: 12 })])
        : list([buildCollectionCard(2, 'Yeni liste'), buildCollectionCard(1, 'Eski liste')], 1, true),
    }));

    const cards = await screen.findAllByRole('link', { name: /liste/ });
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/koleksiyon/2', '/koleksiyon/1']);
    expect(within(cards[0]!).getByText('Zeynep Kara')).toBeTruthy();
    expect(screen.getByRole('button', { name: M.loadMore })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: M.popular }));

    const popular = await screen.findByRole('link', { name: /Çok sevilenler/ });
    expect(within(popular).getByText(M.followerCount(12))).toBeTruthy();
    expect(callsTo(fetchMock, '/api/collections?')).toEqual(['/api/collections?page=1&sort=newest', '/api/collections?page=1&sort=popular']);
    expect(screen.getByRole('button', { name: M.popular }).getAttribute('aria-pressed')).toBe('true');
  });

  it('loads the next page on "load more"', async () => {
    const { fetchMock } = renderCollections((url) => ({
      status: 200,
      body: url.includes('page=2') ? list([buildCollectionCard(1, 'İkinci sayfa')], 2) : list([buildCollectionCard(2, 'Birinci sayfa')], 1, true),
    }));
    fireEvent.click(await screen.findByRole('button', { name: M.loadMore }));

    expect(await screen.findByText('İkinci sayfa')).toBeTruthy();
    expect(screen.getByText('Birinci sayfa')).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.loadMore })).toBeNull();
    expect(callsTo(fetchMock, '/api/collections?')).toEqual(['/api/collections?page=1&sort=newest', '/api/collections?page=2&sort=newest']);
  });

  it('asks a visitor to log in before creating a collection', async () => {
    renderCollections(() => ({ status: 200, body: list([]) }), null);
    expect(await screen.findByText(M.empty)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: M.create }));

    const login = await screen.findByRole('dialog', { name: 'Giriş Yap' });
    expect(within(login).getByText(M.loginToCreate)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: M.createTitle })).toBeNull();
  });

  describe('the create modal', () => {
    const titles = [buildCollectionTitle(1, 'Kara Sevda'), buildCollectionTitle(2, 'Karadayı')];

    async function openCreate(server: FakeServer) {
      const view = renderCollections((url, init) => (url.startsWith('/api/collections?') ? { status: 200, body: list([]) } : server(url, init)));
      fireEvent.click(await screen.findByRole('button', { name: M.create }));
      return { ...view, dialog: await screen.findByRole('dialog', { name: M.createTitle }) };
    }
    const search = (dialog: HTMLElement, value: string) => fireEvent.change(within(dialog).getByRole('searchbox', { name: M.search }), { target: { value } });
    const searchServer: FakeServer = (url) => (url.startsWith('/api/collections/search') ? { status: 200, body: { titles: url.endsWith('q=kar') ? titles : [] } } : { status: 404 });

    afterEach(() => jest.useRealTimers());

    it('searches the catalog from 2 characters, 500 ms after the last keystroke', async () => {
      const { fetchMock, dialog } = await openCreate(searchServer);
      jest.useFakeTimers();

      search(dialog, 'k');
      act(() => jest.advanceTimersByTime(COLLECTION_RULES.searchDebounceMs));
      expect(within(dialog).getByText(M.queryTooShort)).toBeTruthy();
      search(dialog, 'ka');
      act(() => jest.advanceTimersByTime(COLLECTION_RULES.searchDebounceMs - 100));
      search(dialog, 'kar');
      act(() => jest.advanceTimersByTime(COLLECTION_RULES.searchDebounceMs - 1));
      expect(callsTo(fetchMock, '/api/collections/search')).toEqual([]);

      act(() => jest.advanceTimersByTime(1));
      expect(await within(dialog).findByText('Kara Sevda')).toBeTruthy();
      expect(callsTo(fetchMock, '/api/collections/search')).toEqual(['/api/collections/search?q=kar']);
    });

    it('labels a title Ekle, then Eklendi once it is in the selected list, and says when nothing matches', async () => {
      const { dialog } = await openCreate(searchServer);
      search(dialog, 'kar');
      const add = await within(dialog).findByRole('button', { name: `${M.add}: Kara Sevda` }, { timeout: 2000 });
      const selected = within(dialog).getByRole('region', { name: M.selected });
      expect(within(selected).getByText(M.noneSelected)).toBeTruthy();

      fireEvent.click(add);

      expect(within(dialog).getByRole('button', { name: `${M.added}: Kara Sevda` }).getAttribute('aria-pressed')).toBe('true');
      expect(within(selected).getAllByRole('listitem').map((item) => item.textContent)).toEqual([`Kara Sevda↑↓${M.remove}`]);
      expect(within(dialog).getByRole('button', { name: `${M.add}: Karadayı` })).toBeTruthy();

      search(dialog, 'yok');
      expect(await within(dialog).findByText(M.noResults, undefined, { timeout: 2000 })).toBeTruthy();
      // The choice is kept while the search changes.
      expect(within(selected).getByText('Kara Sevda')).toBeTruthy();
    });

    it('needs a name and at least one title (seed §5), sending nothing otherwise', async () => {
      const { fetchMock, dialog } = await openCreate(searchServer);

      fireEvent.click(within(dialog).getByRole('button', { name: M.create }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(M.required);

      fireEvent.change(within(dialog).getByLabelText(M.name), { target: { value: 'Favoriler' } });
      fireEvent.click(within(dialog).getByRole('button', { name: M.create }));
      await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(M.required));
      expect(fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toEqual([]);
    });

    it('sends the name, description and titles in order, then goes to the new collection after 400 ms', async () => {
      const created = buildCollectionView({ id: 21, link: '/koleksiyon/21', name: 'Favoriler', mine: true, items: [titles[1]!, titles[0]!] });
      const { fetchMock, dialog } = await openCreate((url, init) => {
        if (url === '/api/collections' && init.method === 'POST') return { status: 201, body: { collection: created, message: M.created, link: created.link } };
        if (url === '/api/collections/21') return { status: 200, body: created };
        return searchServer(url, init);
      });
      fireEvent.change(within(dialog).getByLabelText(M.name), { target: { value: 'Favoriler' } });
      fireEvent.change(within(dialog).getByLabelText(M.description), { target: { value: '<b>En iyiler</b>' } });
      search(dialog, 'kar');
      fireEvent.click(await within(dialog).findByRole('button', { name: `${M.add}: Kara Sevda` }, { timeout: 2000 }));
      fireEvent.click(within(dialog).getByRole('button', { name: `${M.add}: Karadayı` }));
      fireEvent.click(within(dialog).getByRole('button', { name: `${M.moveUp}: Karadayı` }));
      jest.useFakeTimers();

      fireEvent.click(within(dialog).getByRole('button', { name: M.create }));
      expect(await within(dialog).findByText(M.created)).toBeTruthy();
      const post = fetchMock.mock.calls.findIndex(([url, init]) => url === '/api/collections' && (init as RequestInit).method === 'POST');
      expect(sentBody(fetchMock, post)).toEqual({ name: 'Favoriler', desc: '<b>En iyiler</b>', list: [2, 1] });

      act(() => jest.advanceTimersByTime(COLLECTION_RULES.createRedirectMs - 1));
      expect(screen.queryByRole('heading', { level: 1, name: 'Favoriler' })).toBeNull();

      act(() => jest.advanceTimersByTime(1));
      expect(await screen.findByRole('heading', { level: 1, name: 'Favoriler' })).toBeTruthy();
    });
  });
});
