import { MESSAGES, ROOM_MESSAGES, type SessionUser } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { FakeSocket } from '../../../test/FakeSocket';
import { buildSessionUser } from '../../../test/builders';
import type { FakeReply } from '../../../test/mockFetch';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';
import { sessionAtom } from '../session/session';
import { buildRoomDetail, buildWatchData } from './roomBuilders';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

const CODE = 'Abc123Def456';

/** The whole app at `path`, a member logged in (or a visitor), the room answered by `roomReply`. */
function renderApp(path: string, roomReply: () => FakeReply, user: SessionUser | null = buildSessionUser()) {
  return renderAppAt(path, (url) => {
    if (url === '/api/auth/session') return { status: 200, body: { user, recaptchaSiteKey: null } };
    if (url === `/api/rooms/${CODE}`) return roomReply();
    if (url === '/api/watch/dizi/cinaralti-sirlari/1/2') {
      return {
        status: 200,
        body: buildWatchData({ sources: [{ id: 4, name: 'Alternatif Oynatıcı', kind: 'embed', tiers: [], locked: false, downloadable: false }] }),
      };
    }
    if (url.startsWith(`/api/rooms/${CODE}/messages`)) return { status: 200, body: { messages: [], hasMore: false } };
    return { status: 404 };
  });
}

const roomCalls = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/rooms'));

describe('/oda/$code', () => {
  prepareAppRoutes();

  beforeEach(() => {
    fakeSocket.emitted.length = 0;
    fakeSocket.connected = false;
  });

  it("loads the room and its episode; an episode offering only embedded players leaves the room without one", async () => {
    const { fetchMock } = renderApp(`/oda/${CODE}`, () => ({ status: 200, body: buildRoomDetail() }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Cuma akşamı' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/watch/dizi/cinaralti-sirlari/1/2', expect.objectContaining({ method: 'GET' }));
    expect(screen.getByText(ROOM_MESSAGES.noPlayableSource)).toBeTruthy();
  });

  it('tells a member who was not invited, in the server’s words', async () => {
    renderApp(`/oda/${CODE}`, () => ({ status: 403, body: { statusCode: 403, message: ROOM_MESSAGES.notInvited } }));

    expect(await screen.findByRole('heading', { level: 1, name: ROOM_MESSAGES.notInvited })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Anasayfaya dön' })).toBeTruthy();
  });

  it('tells that an unknown room does not exist', async () => {
    renderApp(`/oda/${CODE}`, () => ({ status: 404, body: { statusCode: 404, message: ROOM_MESSAGES.roomNotFound } }));

    expect(await screen.findByRole('heading', { level: 1, name: ROOM_MESSAGES.roomNotFound })).toBeTruthy();
  });

  it('does not ask the server about a code that cannot be a room', async () => {
    const { fetchMock } = renderApp('/oda/kisa', () => ({ status: 200, body: buildRoomDetail() }));

    expect(await screen.findByRole('heading', { level: 1, name: ROOM_MESSAGES.roomCodeInvalid })).toBeTruthy();
    expect(roomCalls(fetchMock)).toEqual([]);
  });

  it('offers a visitor the login', async () => {
    renderApp(`/oda/${CODE}`, () => ({ status: 401, body: { statusCode: 401, message: MESSAGES.loginRequired } }), null);

    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.loginRequired })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Giriş Yap' }));

    expect(await screen.findByRole('dialog', { name: 'Giriş Yap' })).toBeTruthy();
  });

  it('loads the room again once the visitor logged in', async () => {
    let reply: FakeReply = { status: 401, body: { statusCode: 401, message: MESSAGES.loginRequired } };
    const { store } = renderApp(`/oda/${CODE}`, () => reply, null);
    await screen.findByRole('heading', { level: 1, name: MESSAGES.loginRequired });

    reply = { status: 200, body: buildRoomDetail() };
    act(() => store.set(sessionAtom, { loaded: true, user: buildSessionUser(), recaptchaSiteKey: null }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Cuma akşamı' })).toBeTruthy();
  });
});
