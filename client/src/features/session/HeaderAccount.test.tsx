import { ACCOUNT_MESSAGES } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { buildSessionUser } from '../../../test/builders';
import { mockFetch } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { reconnectSocket } from '../realtime/socket';
import { Toaster } from '../toast/Toaster';
import { HeaderAccount } from './HeaderAccount';
import { LoginModalHost } from './LoginModalHost';
import { sessionAtom } from './session';

jest.mock('../realtime/socket', () => ({ reconnectSocket: jest.fn() }));

function renderHeaderAccount(session: {
  loaded: boolean;
  user: ReturnType<typeof buildSessionUser> | null;
}) {
  const store = createStore();
  store.set(sessionAtom, { ...session, recaptchaSiteKey: null });
  return renderInRouter(
    <>
      <HeaderAccount />
      <LoginModalHost />
      <Toaster />
    </>,
    { store },
  );
}

describe('HeaderAccount', () => {
  beforeEach(() => {
    jest.mocked(reconnectSocket).mockClear();
    // The router scrolls to the top after each navigation; jsdom has no scrolling.
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('shows neither a login button nor a member until the session is known', async () => {
    const { container } = renderHeaderAccount({ loaded: false, user: null });

    await waitFor(() =>
      expect(container.querySelector('.header-account__placeholder')).not.toBeNull(),
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens the login modal from "Giriş Yap"', async () => {
    renderHeaderAccount({ loaded: true, user: null });

    fireEvent.click(await screen.findByRole('button', { name: 'Giriş Yap' }));

    expect(await screen.findByRole('dialog', { name: 'Giriş Yap' })).toBeTruthy();
  });

  it("shows the member's initial when there is no avatar, and their picture when there is", async () => {
    const { store } = renderHeaderAccount({
      loaded: true,
      user: buildSessionUser({ profileName: 'ilker' }),
    });
    const toggle = await screen.findByRole('button', { name: 'ilker' });
    expect(toggle.querySelector('.avatar')?.textContent).toBe('İ');

    act(() =>
      store.set(sessionAtom, {
        loaded: true,
        user: buildSessionUser({ profileName: 'ilker', avatarUrl: '/media/yeni' }),
        recaptchaSiteKey: null,
      }),
    );

    await waitFor(() =>
      expect(toggle.querySelector('img')?.getAttribute('src')).toBe('/media/yeni'),
    );
  });

  it('opens the profile dropdown with Profilim, Ayarlar and Çıkış Yap', async () => {
    renderHeaderAccount({ loaded: true, user: buildSessionUser() });
    const toggle = await screen.findByRole('button', { name: 'Ayşe Yılmaz' });

    fireEvent.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Profilim' }).getAttribute('href')).toBe(
      '/profile/ayse',
    );
    expect(screen.getByRole('link', { name: 'Ayarlar' }).getAttribute('href')).toBe('/ayarlar');
    expect(screen.getByText('@ayse')).toBeTruthy();

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: 'Profilim' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('logs out: the member is gone, the socket reconnects, the server message shows', async () => {
    const fetchMock = mockFetch(() => ({
      status: 200,
      body: { message: ACCOUNT_MESSAGES.loggedOut },
    }));
    const { store } = renderHeaderAccount({ loaded: true, user: buildSessionUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Ayşe Yılmaz' }));

    fireEvent.click(screen.getByRole('button', { name: 'Çıkış Yap' }));

    expect(await screen.findByText(ACCOUNT_MESSAGES.loggedOut)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(store.get(sessionAtom).user).toBeNull();
    expect(reconnectSocket).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Giriş Yap' })).toBeTruthy();
  });

  it('brings the member back when the logout fails', async () => {
    mockFetch(() => ({ status: 500 }));
    const { store } = renderHeaderAccount({ loaded: true, user: buildSessionUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Ayşe Yılmaz' }));

    fireEvent.click(screen.getByRole('button', { name: 'Çıkış Yap' }));

    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(store.get(sessionAtom).user).toEqual(buildSessionUser());
    expect(reconnectSocket).not.toHaveBeenCalled();
  });
});
