import { ACCOUNT_MESSAGES, MESSAGES } from '@seyirlik/shared-contracts';
import { fireEvent, screen } from '@testing-library/react';
import { FakeSocket } from '../../../test/FakeSocket';
import type { FakeReply } from '../../../test/mockFetch';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';
import { buildPublicProfile } from '../../../test/builders';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({
  getSocket: () => fakeSocket,
  reconnectSocket: jest.fn(),
}));

/** The whole app at `path`, with a fake server answering the session and the profile. */
function renderApp(path: string, profileReply: () => FakeReply) {
  return renderAppAt(path, (url) =>
    url === '/api/auth/session' ? { status: 200, body: { user: null, recaptchaSiteKey: null } } : profileReply(),
  ).fetchMock;
}

describe('/profile/$username', () => {
  prepareAppRoutes();

  it("loads the member's profile by name", async () => {
    const fetchMock = renderApp('/profile/ayse', () => ({
      status: 200,
      body: buildPublicProfile(),
    }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ayşe Yılmaz' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/ayse',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('says that an unknown member does not exist', async () => {
    renderApp('/profile/kimse', () => ({
      status: 404,
      body: { statusCode: 404, message: ACCOUNT_MESSAGES.profileNotFound },
    }));

    expect(
      await screen.findByRole('heading', { name: ACCOUNT_MESSAGES.profileNotFound }),
    ).toBeTruthy();
  });

  it('shows the server error in Turkish and loads again on request', async () => {
    // React and the router report the caught error on the console; here it is expected.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let reply: FakeReply = {
      status: 500,
      body: { statusCode: 500, message: MESSAGES.serverError },
    };
    renderApp('/profile/ayse', () => reply);

    expect(
      await screen.findByRole('heading', { name: 'Sayfa yüklenirken bir sorun oluştu.' }),
    ).toBeTruthy();
    expect(screen.getByText(MESSAGES.serverError)).toBeTruthy();

    reply = { status: 200, body: buildPublicProfile() };
    fireEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ayşe Yılmaz' })).toBeTruthy();
  });
});
