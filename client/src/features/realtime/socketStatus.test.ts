import { FakeSocket } from '../../../test/FakeSocket';
import { followSocketStatus, type SocketStatus } from './socketStatus';

describe('followSocketStatus', () => {
  it('reports connecting until the first connect, then every change', () => {
    const socket = new FakeSocket();
    const reported: SocketStatus[] = [];

    followSocketStatus(socket, (status) => reported.push(status));
    socket.fire('connect');
    socket.fire('disconnect');
    socket.fire('connect_error');
    socket.fire('connect');

    expect(reported).toEqual([
      'connecting',
      'connected',
      'disconnected',
      'disconnected',
      'connected',
    ]);
  });

  it('reports connecting, not a lost connection, when the page closes the socket to reopen it', () => {
    const socket = new FakeSocket();
    const reported: SocketStatus[] = [];

    followSocketStatus(socket, (status) => reported.push(status));
    socket.fire('connect');
    socket.fire('disconnect', 'io client disconnect');
    socket.fire('disconnect', 'io server disconnect');

    expect(reported).toEqual(['connecting', 'connected', 'connecting', 'disconnected']);
  });

  it('reports connected at once for a socket that is already connected', () => {
    const socket = new FakeSocket();
    socket.connected = true;
    const report = jest.fn();

    followSocketStatus(socket, report);

    expect(report).toHaveBeenCalledWith('connected');
  });

  it('stops reporting and removes its listeners when told to stop', () => {
    const socket = new FakeSocket();
    const report = jest.fn();

    const stop = followSocketStatus(socket, report);
    stop();
    socket.fire('connect');

    expect(report).toHaveBeenCalledTimes(1);
    expect(socket.listenerCount()).toBe(0);
  });
});
