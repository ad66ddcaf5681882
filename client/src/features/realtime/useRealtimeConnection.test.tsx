import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { FakeSocket } from '../../../test/FakeSocket';
import { SocketStatusIndicator } from './SocketStatusIndicator';
import { SERVER_DISCONNECT_RETRY_MS, useRealtimeConnection } from './useRealtimeConnection';

const fakeSocket = new FakeSocket();
jest.mock('./socket', () => ({ getSocket: () => fakeSocket }));

function LiveApp() {
  useRealtimeConnection();
  return <SocketStatusIndicator />;
}

function renderLiveApp() {
  return render(
    <Provider store={createStore()}>
      <LiveApp />
    </Provider>,
  );
}

const status = () => screen.getByTestId('socket-status').getAttribute('data-status');

describe('useRealtimeConnection', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    fakeSocket.connected = false;
    fakeSocket.connect.mockClear();
    fakeSocket.disconnect.mockClear();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('connects on mount and shows the socket status as it changes', () => {
    renderLiveApp();
    expect(fakeSocket.connect).toHaveBeenCalledTimes(1);
    expect(status()).toBe('connecting');

    act(() => fakeSocket.fire('connect'));
    expect(status()).toBe('connected');

    act(() => fakeSocket.fire('disconnect', 'transport close'));
    expect(status()).toBe('disconnected');
  });

  it('reconnects after a pause when the server closed the connection', () => {
    renderLiveApp();
    act(() => fakeSocket.fire('connect'));

    act(() => fakeSocket.fire('disconnect', 'io server disconnect'));
    act(() => jest.advanceTimersByTime(SERVER_DISCONNECT_RETRY_MS - 1));
    expect(fakeSocket.connect).toHaveBeenCalledTimes(1);

    act(() => jest.advanceTimersByTime(1));
    expect(fakeSocket.connect).toHaveBeenCalledTimes(2);
  });

  it('leaves lost transports to Socket.IO, which retries them itself', () => {
    renderLiveApp();
    act(() => fakeSocket.fire('connect'));

    act(() => fakeSocket.fire('disconnect', 'transport close'));
    act(() => jest.advanceTimersByTime(10 * SERVER_DISCONNECT_RETRY_MS));

    expect(fakeSocket.connect).toHaveBeenCalledTimes(1);
  });

  it('disconnects, stops listening and drops a pending retry on unmount', () => {
    const { unmount } = renderLiveApp();
    act(() => fakeSocket.fire('connect'));
    act(() => fakeSocket.fire('disconnect', 'io server disconnect'));

    unmount();
    jest.advanceTimersByTime(SERVER_DISCONNECT_RETRY_MS);

    expect(fakeSocket.disconnect).toHaveBeenCalledTimes(1);
    expect(fakeSocket.connect).toHaveBeenCalledTimes(1);
    expect(fakeSocket.listenerCount()).toBe(0);
  });
});
