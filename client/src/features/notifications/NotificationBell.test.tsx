import type { NotificationView } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { buildSessionUser } from '../../../test/builders';
import { FakeSocket } from '../../../test/FakeSocket';
import { mockFetch } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { sessionAtom } from '../session/session';
import { Toaster } from '../toast/Toaster';
import { NotificationBell } from './NotificationBell';
import { buildNotification, buildNotificationPage } from './notificationBuilders';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket }));

const member = buildSessionUser({ id: 7 });

/** The fake server: the member's stored notifications, the read call, and what was asked. */
function serveNotifications(stored: NotificationView[]) {
  return mockFetch((path, init) => {
    const url = new URL(path, 'http://seyirlik.test');
    const unreadCount = stored.filter((entry) => !entry.read).length;
    if (init.method === 'POST' && url.pathname === '/api/notifications/read') {
      stored.forEach((entry, index) => (stored[index] = { ...entry, read: true }));
      return { status: 200, body: { unreadCount: 0 } };
    }
    if (url.pathname === '/api/notifications/after') {
      const after = Number(url.searchParams.get('after'));
      return { status: 200, body: { notifications: stored.filter((entry) => entry.seq > after), hasMore: false, unreadCount } };
    }
    return { status: 200, body: buildNotificationPage([...stored].sort((a, b) => b.seq - a.seq)) };
  });
}

const badge = () => screen.queryByTestId('notification-badge')?.textContent ?? null;
const joinChannel = async () => {
  const join = fakeSocket.emitted.find((sent) => sent.event === 'room.join' && (sent.args[0] as { room: string }).room === 'user:7');
  await act(async () => join!.ack!({ ok: true }));
};

function renderBell() {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user: member, recaptchaSiteKey: null });
  return renderInRouter(
    <>
      <NotificationBell />
      <Toaster />
    </>,
    { store },
  );
}

describe('NotificationBell', () => {
  beforeEach(() => {
    fakeSocket.emitted.splice(0);
    fakeSocket.connected = true;
    document.title = 'Seyirlik';
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('shows nothing to a visitor', async () => {
    const store = createStore();
    store.set(sessionAtom, { loaded: true, user: null, recaptchaSiteKey: null });
    renderInRouter(<NotificationBell />, { store });

    await screen.findByText('home page');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the unread count on the bell and in the tab title', async () => {
    serveNotifications([buildNotification(1), buildNotification(2), buildNotification(3, { read: true })]);
    renderBell();

    await waitFor(() => expect(badge()).toBe('2'));
    expect(document.title).toBe('(2) Seyirlik');
    expect(screen.getByRole('button', { name: 'Bildirimleri aç: 2 okunmamış bildirim' })).toBeTruthy();
  });

  it('takes a pushed notification live: the badge rises, a toast says it, the list shows it first', async () => {
    const stored = [buildNotification(1)];
    serveNotifications(stored);
    renderBell();
    await waitFor(() => expect(badge()).toBe('1'));
    await joinChannel();

    const pushed = buildNotification(2, { text: 'Ömer yorumunuza yanıt verdi' });
    stored.push(pushed);
    act(() => fakeSocket.fire('notification.created', { notification: pushed, unreadCount: 2 }));

    expect(badge()).toBe('2');
    expect(document.title).toBe('(2) Seyirlik');
    expect(await screen.findByText('Ömer yorumunuza yanıt verdi', { selector: '.toast__message' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Bildirimleri aç/ }));
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-seq'))).toEqual(['2', '1']);
  });

  it('catches up after a reconnect from the last notification it holds', async () => {
    const stored = [buildNotification(1)];
    const fetchMock = serveNotifications(stored);
    renderBell();
    await waitFor(() => expect(badge()).toBe('1'));
    await joinChannel();

    act(() => fakeSocket.fire('disconnect'));
    stored.push(buildNotification(2, { text: 'Kaçırılan bildirim' }));
    fakeSocket.emitted.splice(0);
    act(() => fakeSocket.fire('connect'));
    await joinChannel();

    expect(await screen.findByText('Kaçırılan bildirim', { selector: '.toast__message' })).toBeTruthy();
    await waitFor(() => expect(badge()).toBe('2'));
    expect(fetchMock.mock.calls.map(([path]: [string]) => path)).toContain('/api/notifications/after?after=1');
  });

  it('marks everything read when opened, and the badge and the title count go', async () => {
    const fetchMock = serveNotifications([buildNotification(1), buildNotification(2)]);
    renderBell();
    await waitFor(() => expect(badge()).toBe('2'));

    fireEvent.click(screen.getByRole('button', { name: /Bildirimleri aç/ }));

    await waitFor(() => expect(badge()).toBeNull());
    expect(document.title).toBe('Seyirlik');
    expect(fetchMock.mock.calls.some(([path, init]: [string, RequestInit]) => path === '/api/notifications/read' && init.method === 'POST')).toBe(true);
    expect(screen.getAllByRole('listitem').every((item) => !item.classList.contains('notification--unread'))).toBe(true);
  });

  it('leaves no count on the title once the member logs out', async () => {
    serveNotifications([buildNotification(1)]);
    const { store } = renderBell();
    await waitFor(() => expect(document.title).toBe('(1) Seyirlik'));

    act(() => store.set(sessionAtom, { loaded: true, user: null, recaptchaSiteKey: null }));

    expect(document.title).toBe('Seyirlik');
    expect(screen.queryByRole('button', { name: /Bildirimleri aç/ })).toBeNull();
  });

  it('clears the badge when another tab of the member read them', async () => {
    serveNotifications([buildNotification(1)]);
    renderBell();
    await waitFor(() => expect(badge()).toBe('1'));

    act(() => fakeSocket.fire('notification.read', { id: null, unreadCount: 0 }));

    expect(badge()).toBeNull();
    expect(document.title).toBe('Seyirlik');
  });
});
