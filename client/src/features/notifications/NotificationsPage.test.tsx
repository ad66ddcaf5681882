import { NOTIFICATION_MESSAGES as M } from '@seyirlik/shared-contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { buildSessionUser } from '../../../test/builders';
import { mockFetch } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { sessionAtom } from '../session/session';
import { buildNotification, buildNotificationPage } from './notificationBuilders';
import { NotificationsPage } from './NotificationsPage';

describe('NotificationsPage', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('lists the notifications newest first and loads a page more per click until the end', async () => {
    const fetchMock = mockFetch((path) => {
      const page = Number(new URL(path, 'http://seyirlik.test').searchParams.get('page'));
      return page === 1
        ? { status: 200, body: buildNotificationPage([buildNotification(3), buildNotification(2, { read: true })], { hasMore: true, lastSeq: 3 }) }
        : { status: 200, body: buildNotificationPage([buildNotification(1, { text: 'En eski bildirim' })], { page: 2 }) };
    });
    const store = createStore();
    store.set(sessionAtom, { loaded: true, user: buildSessionUser(), recaptchaSiteKey: null });
    renderInRouter(<NotificationsPage />, { store });

    await screen.findByRole('heading', { name: M.heading });
    const seqs = () => screen.getAllByRole('listitem').map((item) => item.getAttribute('data-seq'));
    expect(seqs()).toEqual(['3', '2']);

    fireEvent.click(screen.getByRole('button', { name: M.loadMore }));

    expect(await screen.findByText('En eski bildirim')).toBeTruthy();
    expect(seqs()).toEqual(['3', '2', '1']);
    await waitFor(() => expect(screen.queryByRole('button', { name: M.loadMore })).toBeNull());
    expect(fetchMock.mock.calls.map(([path]: [string]) => path)).toEqual(['/api/notifications?page=1', '/api/notifications?page=2']);
  });
});
