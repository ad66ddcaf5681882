import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { FakeSocket } from '../../../test/FakeSocket';
import { buildSessionUser } from '../../../test/builders';
import { reconnectSocket } from '../realtime/socket';
import { Toaster } from '../toast/Toaster';
import { sessionAtom } from './session';
import { useSessionEvents } from './useSessionEvents';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({
  getSocket: () => fakeSocket,
  reconnectSocket: jest.fn(),
}));

function SessionEvents() {
  useSessionEvents();
  return <Toaster />;
}

function renderWithMember(user = buildSessionUser()) {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user, recaptchaSiteKey: null });
  const view = render(
    <Provider store={store}>
      <SessionEvents />
    </Provider>,
  );
  return { ...view, store };
}

describe('useSessionEvents', () => {
  beforeEach(() => {
    jest.mocked(reconnectSocket).mockClear();
  });

  it('forgets the member on session.ended, says so and reconnects as a visitor', () => {
    const { store } = renderWithMember();

    act(() => fakeSocket.fire('session.ended', { reason: 'password-changed' }));

    expect(store.get(sessionAtom).user).toBeNull();
    expect(screen.getByText('Oturumunuz sonlandı.')).toBeTruthy();
    expect(reconnectSocket).toHaveBeenCalledTimes(1);
  });

  it('says nothing when the member is already gone (this tab logged out itself)', () => {
    const { store } = renderWithMember();
    act(() => store.set(sessionAtom, { loaded: true, user: null, recaptchaSiteKey: null }));

    act(() => fakeSocket.fire('session.ended', { reason: 'logout' }));

    expect(screen.queryByText('Oturumunuz sonlandı.')).toBeNull();
  });

  it('replaces the member on account.updated', () => {
    const { store } = renderWithMember();
    const updated = buildSessionUser({ profileName: 'Yeni Ad', avatarUrl: '/media/abc' });

    act(() => fakeSocket.fire('account.updated', updated));

    expect(store.get(sessionAtom).user).toEqual(updated);
  });

  it('stops listening on unmount', () => {
    const { unmount } = renderWithMember();

    unmount();

    expect(fakeSocket.listenerCount()).toBe(0);
  });
});
