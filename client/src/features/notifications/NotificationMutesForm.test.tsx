import { NOTIFICATION_MESSAGES as M } from '@seyirlik/shared-contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, sentBody } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { Toaster } from '../toast/Toaster';
import { NotificationMutesForm } from './NotificationMutesForm';

describe('NotificationMutesForm', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('ticks the kinds the member receives, and saves the unticked ones as muted', async () => {
    const fetchMock = mockFetch((_path, init) =>
      init.method === 'PUT' ? { status: 200, body: JSON.parse(String(init.body)) } : { status: 200, body: { muted: ['comment.like'] } },
    );
    renderInRouter(
      <>
        <NotificationMutesForm />
        <Toaster />
      </>,
    );

    const likes = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Yorumlarıma gelen beğeniler' });
    const replies = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Yorumlarıma gelen yanıtlar' });
    expect([likes.checked, replies.checked]).toEqual([false, true]);

    fireEvent.click(replies);
    fireEvent.click(likes);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Özel mesajlar' }));
    fireEvent.click(screen.getByRole('button', { name: M.save }));

    expect(await screen.findByText(M.mutesSaved)).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]: [string, RequestInit]) => init.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.findIndex(([, init]: [string, RequestInit]) => init.method === 'PUT');
    expect(fetchMock.mock.calls[put][0]).toBe('/api/notifications/mutes');
    expect(sentBody(fetchMock, put)).toEqual({ muted: ['comment.reply', 'message'] });
  });
});
