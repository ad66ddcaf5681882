import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { SocketStatusIndicator } from './SocketStatusIndicator';
import { socketStatusAtom, type SocketStatus } from './socketStatus';

describe('SocketStatusIndicator', () => {
  it.each<[SocketStatus, string]>([
    ['connecting', 'Canlı bağlantı: bağlanıyor'],
    ['connected', 'Canlı bağlantı: açık'],
    ['disconnected', 'Canlı bağlantı: kapalı'],
  ])('shows %s as "%s"', (status, label) => {
    const store = createStore();
    store.set(socketStatusAtom, status);

    render(
      <Provider store={store}>
        <SocketStatusIndicator />
      </Provider>,
    );

    const indicator = screen.getByTestId('socket-status');
    expect(indicator.textContent).toBe(label);
    expect(indicator.getAttribute('data-status')).toBe(status);
  });

  it('starts as connecting and follows the atom', () => {
    const store = createStore();
    render(
      <Provider store={store}>
        <SocketStatusIndicator />
      </Provider>,
    );
    expect(screen.getByTestId('socket-status').textContent).toBe('Canlı bağlantı: bağlanıyor');

    act(() => store.set(socketStatusAtom, 'connected'));

    expect(screen.getByTestId('socket-status').textContent).toBe('Canlı bağlantı: açık');
  });
});
