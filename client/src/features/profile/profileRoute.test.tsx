import { ACCOUNT_MESSAGES, MESSAGES } from '@seyirlik/shared-contracts';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { FakeSocket } from '../../../test/FakeSocket';
import { buildPublicProfile } from '../../../test/builders';
import { mockFetch, type FakeReply } from '../../../test/mockFetch';
import { RouteErrorPage } from '../shell/RouteErrorPage';
import { routeTree } from '../../routeTree.gen';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({
  getSocket: () => fakeSocket,
  reconnectSocket: jest.fn(),
}));

/** The whole app at `path`, with a fake server answering the session and the profile. */
function renderApp(path: string, profileReply: () => FakeReply) {
  const fetchMock = mockFetch((url) =>
    url === '/api/auth/session'
      ? { status: 200, body: { user: null, recaptchaSiteKey: null } }
      : profileReply(),
  );
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultErrorComponent: RouteErrorPage,
  });
  render(
    <Provider store={createStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return fetchMock;
}

describe('/profile/$username', () => {
  beforeAll(() => {
    // The router tells redirects by `instanceof Response`; jsdom has no Response, and no loader here returns one.
    globalThis.Response ??= class {} as unknown as typeof Response;
  });

  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

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
