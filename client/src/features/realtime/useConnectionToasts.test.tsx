import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { Toaster } from '../toast/Toaster';
import { socketStatusAtom } from './socketStatus';
import { useConnectionToasts } from './useConnectionToasts';

function ConnectionToasts() {
  useConnectionToasts();
  return <Toaster />;
}

const LOST = 'Canlı bağlantı koptu, yeniden bağlanılıyor.';
const RESTORED = 'Canlı bağlantı yeniden kuruldu.';

describe('useConnectionToasts', () => {
  function renderWithStore() {
    const store = createStore();
    render(
      <Provider store={store}>
        <ConnectionToasts />
      </Provider>,
    );
    return store;
  }

  it('stays quiet while the first connection is made or fails', () => {
    const store = renderWithStore();

    act(() => store.set(socketStatusAtom, 'disconnected'));
    act(() => store.set(socketStatusAtom, 'connected'));

    expect(screen.queryByText(LOST)).toBeNull();
    expect(screen.queryByText(RESTORED)).toBeNull();
  });

  it('tells when a working connection drops and when it comes back', () => {
    const store = renderWithStore();
    act(() => store.set(socketStatusAtom, 'connected'));

    act(() => store.set(socketStatusAtom, 'disconnected'));
    expect(screen.getByText(LOST)).toBeTruthy();

    act(() => store.set(socketStatusAtom, 'connected'));
    expect(screen.getByText(RESTORED)).toBeTruthy();
  });
});
