import { ACCOUNT_MESSAGES } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { buildSessionUser } from '../../../test/builders';
import { deferredReply, mockFetch, sentBody } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { sessionAtom } from '../session/session';
import { Toaster } from '../toast/Toaster';
import { LoginForm } from './LoginForm';

import { reconnectSocket } from '../realtime/socket';

jest.mock('../realtime/socket', () => ({ reconnectSocket: jest.fn() }));

function renderLoginForm(onLeave = jest.fn()) {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user: null, recaptchaSiteKey: null });
  const view = renderInRouter(
    <>
      <LoginForm onLeave={onLeave} />
      <Toaster />
    </>,
    { store },
  );
  return { ...view, onLeave };
}

const submitButton = () => screen.getByRole('button', { name: 'Giriş Yap' });

async function fillAndSubmit(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Kullanıcı adı veya e-posta'), {
    target: { value: username },
  });
  fireEvent.change(screen.getByLabelText('Şifre'), { target: { value: password } });
  fireEvent.click(submitButton());
}

describe('LoginForm', () => {
  beforeEach(() => {
    jest.mocked(reconnectSocket).mockClear();
    // The router scrolls to the top after each navigation; jsdom has no scrolling.
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('shows the shared schema message under both empty fields and sends nothing', async () => {
    const fetchMock = mockFetch(() => ({ status: 500 }));
    renderLoginForm();

    await fillAndSubmit('', '');

    await waitFor(() =>
      expect(screen.getAllByText(ACCOUNT_MESSAGES.loginFieldsRequired)).toHaveLength(2),
    );
    expect(screen.getByLabelText('Şifre').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the button disabled and busy while the call runs, then restores it', async () => {
    const reply = deferredReply();
    mockFetch(() => reply.promise);
    renderLoginForm();

    await fillAndSubmit('ayse', 'yanlis-sifre');

    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(true));
    expect(submitButton().getAttribute('aria-busy')).toBe('true');

    await act(async () =>
      reply.resolve({
        status: 401,
        body: { statusCode: 401, message: ACCOUNT_MESSAGES.invalidCredentials },
      }),
    );

    expect(submitButton().hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('alert').textContent).toContain(ACCOUNT_MESSAGES.invalidCredentials);
  });

  it('logs in with an e-mail address: keeps the member, reconnects the socket, says so', async () => {
    const user = buildSessionUser();
    const fetchMock = mockFetch(() => ({
      status: 200,
      body: { user, message: ACCOUNT_MESSAGES.loginSucceeded },
    }));
    const { store, onLeave } = renderLoginForm();
    fireEvent.click(await screen.findByLabelText('Beni hatırla'));

    await fillAndSubmit('  ayse@example.com ', 'gizli-sifre');

    await waitFor(() => expect(store.get(sessionAtom).user).toEqual(user));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/login',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(sentBody(fetchMock)).toEqual({
      username: 'ayse@example.com',
      password: 'gizli-sifre',
      remember: true,
    });
    expect(reconnectSocket).toHaveBeenCalledTimes(1);
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(screen.getByText(ACCOUNT_MESSAGES.loginSucceeded)).toBeTruthy();
  });
});
