import { MESSAGES } from '@seyirlik/shared-contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { buildSessionUser } from '../../../test/builders';
import { mockFetch } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { api, ApiError } from '../../lib/api';
import { Toaster } from '../toast/Toaster';
import { LoginModalHost } from './LoginModalHost';
import { sessionAtom } from './session';
import { useFailureToast } from './useFailureToast';
import { useLoginRequiredPrompt } from './useLoginRequiredPrompt';

jest.mock('../realtime/socket', () => ({ reconnectSocket: jest.fn() }));

/** A page that saves something and shows failures the way forms do. */
function SavingPage({ call }: { call: () => Promise<unknown> }) {
  useLoginRequiredPrompt();
  const showFailure = useFailureToast();
  return (
    <>
      <button onClick={() => call().catch(showFailure)}>kaydet</button>
      <LoginModalHost />
      <Toaster />
    </>
  );
}

function renderSavingPage(call: () => Promise<unknown>) {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user: buildSessionUser(), recaptchaSiteKey: null });
  return renderInRouter(<SavingPage call={call} />, { store });
}

const LOGIN_REQUIRED = { status: 401, body: { statusCode: 401, message: MESSAGES.loginRequired } };

async function click(name: string) {
  fireEvent.click(await screen.findByRole('button', { name }));
}

describe('login required (401)', () => {
  beforeEach(() => {
    // The router scrolls to the top after each navigation; jsdom has no scrolling.
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('opens the login modal with the server message after a write, and forgets the member', async () => {
    mockFetch(() => LOGIN_REQUIRED);
    const { store } = renderSavingPage(() => api.put('/api/me/social', {}));

    await click('kaydet');

    const modal = await screen.findByRole('dialog', { name: 'Giriş Yap' });
    expect(modal.textContent).toContain(MESSAGES.loginRequired);
    expect(screen.getByLabelText('Kullanıcı adı veya e-posta')).toBeTruthy();
    expect(store.get(sessionAtom).user).toBeNull();
    // The modal says it; no toast repeats it.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('only forgets the member after a read', async () => {
    mockFetch(() => LOGIN_REQUIRED);
    const { store } = renderSavingPage(() => api.get('/api/me'));

    await click('kaydet');

    await waitFor(() => expect(store.get(sessionAtom).user).toBeNull());
    // The modal loads lazily: give it the time it takes to appear after a write.
    await expect(screen.findByRole('dialog', undefined, { timeout: 300 })).rejects.toThrow();
  });

  it('leaves the auth calls alone: there a 401 is a wrong password, shown as an error', async () => {
    mockFetch(() => ({ status: 401, body: { statusCode: 401, message: 'Şifre hatalı.' } }));
    const { store } = renderSavingPage(() => api.post('/api/auth/login', {}));

    await click('kaydet');

    expect((await screen.findByRole('alert')).textContent).toContain('Şifre hatalı.');
    expect(store.get(sessionAtom).user).not.toBeNull();
    await expect(screen.findByRole('dialog', undefined, { timeout: 300 })).rejects.toThrow();
  });

  it('closes the modal with its close button', async () => {
    mockFetch(() => LOGIN_REQUIRED);
    renderSavingPage(() => api.post('/api/me/password', {}));
    await click('kaydet');
    await screen.findByRole('dialog', { name: 'Giriş Yap' });

    await click('Pencereyi kapat');

    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('api', () => {
  it('turns a failed reply into an ApiError with the server message or a Turkish default', async () => {
    mockFetch((path) =>
      path === '/api/with-message'
        ? {
            status: 409,
            body: { statusCode: 409, message: 'Bu e-posta adresi ile zaten bir üyelik var.' },
          }
        : { status: 429 },
    );

    await expect(api.post('/api/with-message')).rejects.toEqual(
      new ApiError(409, 'Bu e-posta adresi ile zaten bir üyelik var.'),
    );
    await expect(api.post('/api/without-message')).rejects.toMatchObject({
      status: 429,
      message: MESSAGES.tooManyRequests,
    });
  });

  it('reports an unreachable server as status 0', async () => {
    globalThis.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(api.get('/api/me')).rejects.toMatchObject({
      status: 0,
      message: MESSAGES.serviceUnavailable,
    });
  });

  it('sends JSON with the session cookie and returns the reply body', async () => {
    const fetchMock = mockFetch(() => ({ status: 200, body: { message: 'Tamam.' } }));

    await expect(api.patch('/api/me/profile', { country: 'Türkiye' })).resolves.toEqual({
      message: 'Tamam.',
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/me/profile', {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ country: 'Türkiye' }),
    });
  });
});
