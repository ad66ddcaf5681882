import { MESSAGES } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { buildSessionUser } from '../../../test/builders';
import { renderInRouter } from '../../../test/renderInRouter';
import { useLoginModal, useLoginModalState } from './loginModal';
import { LoginModalHost } from './LoginModalHost';
import { sessionAtom } from './session';

jest.mock('../realtime/socket', () => ({ reconnectSocket: jest.fn() }));

const REASON = MESSAGES.loginRequired;

/** A members' button as the pages have it, with the modal's host; shows whether the modal is asked for. */
function MembersButton() {
  const loginModal = useLoginModal();
  const { open } = useLoginModalState();
  return (
    <>
      <button onClick={() => loginModal.open(REASON)}>üye düğmesi</button>
      <output>{open ? 'asked' : 'not asked'}</output>
      <LoginModalHost />
    </>
  );
}

function renderLoading() {
  const store = createStore();
  store.set(sessionAtom, { loaded: false, user: null, recaptchaSiteKey: null });
  renderInRouter(<MembersButton />, { store });
  return store;
}

describe('LoginModalHost', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('opens the modal for a visitor, with its reason', async () => {
    const store = createStore();
    store.set(sessionAtom, { loaded: true, user: null, recaptchaSiteKey: null });
    renderInRouter(<MembersButton />, { store });

    fireEvent.click(await screen.findByRole('button', { name: 'üye düğmesi' }));

    const modal = await screen.findByRole('dialog', { name: 'Giriş Yap' });
    expect(modal.textContent).toContain(REASON);
  });

  it('asked while the session loads, shows the modal once the server says there is no member', async () => {
    const store = renderLoading();

    fireEvent.click(await screen.findByRole('button', { name: 'üye düğmesi' }));
    // Let the lazy modal load, had it been rendered: nothing shows before the session is known.
    await act(async () => {
      await import('../auth/LoginModal');
    });
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => store.set(sessionAtom, { loaded: true, user: null, recaptchaSiteKey: null }));

    const modal = await screen.findByRole('dialog', { name: 'Giriş Yap' });
    expect(modal.textContent).toContain(REASON);
  });

  it('asked while the session loads, never shows it to a member, and forgets the request', async () => {
    const store = renderLoading();

    fireEvent.click(await screen.findByRole('button', { name: 'üye düğmesi' }));
    expect(screen.getByRole('status').textContent).toBe('asked');

    act(() => store.set(sessionAtom, { loaded: true, user: buildSessionUser(), recaptchaSiteKey: null }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('not asked'));
    await act(async () => {
      await import('../auth/LoginModal');
    });
    expect(screen.queryByRole('dialog')).toBeNull();

    // Logged out later, the old request does not come back.
    act(() => store.set(sessionAtom, { loaded: true, user: null, recaptchaSiteKey: null }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
