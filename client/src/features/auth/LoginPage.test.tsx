import { act, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { buildSessionUser } from '../../../test/builders';
import { renderInRouter } from '../../../test/renderInRouter';
import { sessionAtom } from '../session/session';
import { LoginPage } from './LoginPage';

jest.mock('../realtime/socket', () => ({ reconnectSocket: jest.fn() }));

function renderLoginPage(redirect: string | undefined) {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user: null, recaptchaSiteKey: null });
  const view = renderInRouter(<LoginPage redirect={redirect} />, { path: '/giris-yap', store });
  return view;
}

describe('LoginPage', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('stays on the page while nobody is logged in', async () => {
    const { router } = renderLoginPage('/ayarlar');

    expect(await screen.findByRole('heading', { level: 1, name: 'Giriş Yap' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/giris-yap');
  });

  it('sends the member on to the same-site page they came from once logged in', async () => {
    const { router, store } = renderLoginPage('/ayarlar?sekme=sifre');
    await screen.findByRole('heading', { level: 1, name: 'Giriş Yap' });

    await act(async () =>
      store.set(sessionAtom, { loaded: true, user: buildSessionUser(), recaptchaSiteKey: null }),
    );

    expect(router.state.location.href).toBe('/ayarlar?sekme=sifre');
    expect(router.history.length).toBe(1);
  });

  it.each(['//evil.example/ayarlar', 'https://evil.example', undefined])(
    'sends the member home instead of to %s',
    async (redirect) => {
      const { router, store } = renderLoginPage(redirect);
      await screen.findByRole('heading', { level: 1, name: 'Giriş Yap' });

      await act(async () =>
        store.set(sessionAtom, { loaded: true, user: buildSessionUser(), recaptchaSiteKey: null }),
      );

      expect(router.state.location.href).toBe('/');
      expect(screen.getByText('home page')).toBeTruthy();
    },
  );
});
