import { COLLECTION_MESSAGES as M, type CollectionView, type SessionUser } from '@seyirlik/shared-contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildPublicProfile, buildSessionUser } from '../../../test/builders';
import { FakeSocket } from '../../../test/FakeSocket';
import { sentBody, type FakeReply } from '../../../test/mockFetch';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';
import { buildCollectionCard, buildCollectionView } from './collectionBuilders';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

const viewer = buildSessionUser({ id: 7, username: 'ayse' });
const HOSTILE = '<img src=x onerror=alert(1)>';

/** The whole app at `path` for `user`; the collection answered by `collection`, other calls by `other`. */
function renderCollection(collection: CollectionView, { user = viewer, path = '/koleksiyon/9', other }: { user?: SessionUser | null; path?: string; other?: (url: string, init: RequestInit) => FakeReply | undefined } = {}) {
  return renderAppAt(path, (url, init) => {
    if (url === '/api/auth/session') return { status: 200, body: { user, recaptchaSiteKey: null } };
    const answer = other?.(url, init);
    if (answer) return answer;
    if (url === '/api/collections/9' && (init.method ?? 'GET') === 'GET') return { status: 200, body: collection };
    return { status: 404 };
  });
}

const callOf = (fetchMock: jest.Mock, method: string, url: string) => fetchMock.mock.calls.findIndex(([called, init]) => called === url && (init as RequestInit).method === method);

describe('/koleksiyon/$id', () => {
  prepareAppRoutes();

  it('shows the titles’ posters in the owner’s order, and what the owner wrote as text', async () => {
    renderCollection(buildCollectionView({ name: `Liste ${HOSTILE}`, description: `Satır bir\n${HOSTILE}` }));

    expect(await screen.findByRole('heading', { level: 1, name: `Liste ${HOSTILE}` })).toBeTruthy();
    expect(screen.getByText((_, element) => element?.className === 'collection-page__description' && element.textContent === `Satır bir\n${HOSTILE}`)).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    const items = within(screen.getByRole('list', { name: M.itemsLabel })).getAllByRole('link');
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/dizi/dizi-3', '/dizi/dizi-1', '/dizi/dizi-2']);
    expect(screen.getByText(M.followerCount(0))).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.edit })).toBeNull();
  });

  it('follows and unfollows, showing the exact count the server answers', async () => {
    const { fetchMock } = renderCollection(buildCollectionView({ followerCount: 4 }), {
      other: (url, init) => {
        if (url !== '/api/collections/9/follow') return undefined;
        return init.method === 'POST'
          ? { status: 200, body: { following: true, followerCount: 5, message: M.followed } }
          : { status: 200, body: { following: false, followerCount: 4, message: M.unfollowed } };
      },
    });

    fireEvent.click(await screen.findByRole('button', { name: M.follow }));
    expect(await screen.findByText(M.followerCount(5))).toBeTruthy();
    expect(screen.getByRole('button', { name: M.unfollow }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: M.unfollow }));
    expect(await screen.findByText(M.followerCount(4))).toBeTruthy();
    expect([callOf(fetchMock, 'POST', '/api/collections/9/follow') >= 0, callOf(fetchMock, 'DELETE', '/api/collections/9/follow') >= 0]).toEqual([true, true]);
  });

  it('asks a visitor to log in before following', async () => {
    const { fetchMock } = renderCollection(buildCollectionView(), { user: null });

    fireEvent.click(await screen.findByRole('button', { name: M.follow }));

    const login = await screen.findByRole('dialog', { name: 'Giriş Yap' });
    expect(within(login).getByText(M.loginToFollow)).toBeTruthy();
    expect(callOf(fetchMock, 'POST', '/api/collections/9/follow')).toBe(-1);
  });

  it('lets the owner reorder in the edit modal, sending the list in its new order', async () => {
    const collection = buildCollectionView({ mine: true });
    const { fetchMock } = renderCollection(collection, {
      other: (url, init) => {
        if (url !== '/api/collections/9' || init.method !== 'PATCH') return undefined;
        const body = JSON.parse(String(init.body)) as { list: number[] };
        const items = body.list.map((id) => collection.items.find((item) => item.id === id)!);
        return { status: 200, body: { collection: { ...collection, items }, message: M.updated } };
      },
    });
    expect(screen.queryByRole('button', { name: M.follow })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: M.edit }));
    const dialog = await screen.findByRole('dialog', { name: M.editTitle });

    fireEvent.click(within(dialog).getByRole('button', { name: `${M.moveDown}: Üçüncü Dizi` }));
    fireEvent.click(within(dialog).getByRole('button', { name: `${M.remove}: İkinci Dizi` }));
    fireEvent.click(within(dialog).getByRole('button', { name: M.save }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: M.editTitle })).toBeNull());
    expect(sentBody(fetchMock, callOf(fetchMock, 'PATCH', '/api/collections/9'))).toEqual({ name: 'Hafta sonu', desc: 'Hafta sonu izlenecekler.', list: [1, 3] });
    const items = within(screen.getByRole('list', { name: M.itemsLabel })).getAllByRole('link');
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/dizi/dizi-1', '/dizi/dizi-3']);
  });

  it('asks before deleting, then goes back to the collections list', async () => {
    const { fetchMock } = renderCollection(buildCollectionView({ mine: true }), {
      other: (url, init) => {
        if (url === '/api/collections/9' && init.method === 'DELETE') return { status: 200, body: { message: M.deleted, go: '/koleksiyonlar' } };
        if (url.startsWith('/api/collections?')) return { status: 200, body: { collections: [buildCollectionCard(3, 'Kalan liste')], page: 1, hasMore: false } };
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: M.delete }));
    const confirm = await screen.findByRole('dialog', { name: M.delete });
    expect(within(confirm).getByText(M.deleteConfirm)).toBeTruthy();
    expect(callOf(fetchMock, 'DELETE', '/api/collections/9')).toBe(-1);

    fireEvent.click(within(confirm).getByRole('button', { name: M.delete }));

    expect(await screen.findByRole('heading', { level: 1, name: M.heading })).toBeTruthy();
    expect(screen.getByText('Kalan liste')).toBeTruthy();
    expect(callOf(fetchMock, 'DELETE', '/api/collections/9')).toBeGreaterThanOrEqual(0);
  });

  it('says a missing collection is not found', async () => {
    renderCollection(buildCollectionView(), { path: '/koleksiyon/404', other: (url) => (url === '/api/collections/404' ? { status: 404, body: { statusCode: 404, message: M.collectionNotFound } } : undefined) });
    expect((await screen.findByRole('alert')).textContent).toBe(M.collectionNotFound);
  });

  it('lists a member’s collections in the profile’s "Koleksiyonlar" tab', async () => {
    const { fetchMock } = renderAppAt('/profile/zeynep#koleksiyonlar', (url) => {
      if (url === '/api/auth/session') return { status: 200, body: { user: viewer, recaptchaSiteKey: null } };
      if (url === '/api/users/zeynep') return { status: 200, body: buildPublicProfile({ username: 'zeynep', profileName: 'Zeynep Kara' }) };
      if (url.startsWith('/api/collections?')) return { status: 200, body: { collections: [buildCollectionCard(3, 'Zeynep’in listesi')], page: 1, hasMore: false } };
      return { status: 404 };
    });

    const tab = await screen.findByRole('tab', { name: M.profileTab });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByRole('link', { name: /Zeynep’in listesi/ })).getAttribute('href')).toBe('/koleksiyon/3');
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/collections?'))).toEqual(['/api/collections?page=1&sort=newest&owner=zeynep']);
  });
});
