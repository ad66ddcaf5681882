import { FakeSocket } from '../../../test/FakeSocket';
import { DeferredSocket } from './socket';

/** A DeferredSocket whose Socket.IO arrives when the test says so (or fails to). */
function deferred() {
  const real = new FakeSocket();
  const loads: Array<{ resolve: (socket: FakeSocket) => void; reject: (error: Error) => void }> = [];
  const socket = new DeferredSocket(
    () =>
      new Promise<FakeSocket>((resolve, reject) => {
        loads.push({ resolve, reject });
      }),
  );
  const arrive = async () => {
    loads.at(-1)!.resolve(real);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { socket, real, loads, arrive };
}

describe('DeferredSocket', () => {
  it('is not connected, and loads Socket.IO once, until it arrives', () => {
    const { socket, loads } = deferred();
    expect(loads).toHaveLength(0);

    socket.on('connect', () => undefined);
    socket.connect();
    socket.emit('room.join', { room: 'user:1' });

    expect(loads).toHaveLength(1);
    expect(socket.connected).toBe(false);
  });

  it('hands the real socket the listeners, messages and connect asked for before it arrived, in order', async () => {
    const { socket, real, arrive } = deferred();
    const heard: string[] = [];
    const kept = (text: string) => heard.push(`kept ${text}`);
    const dropped = (text: string) => heard.push(`dropped ${text}`);
    const ack = jest.fn();
    socket.on('chat.messageCreated', kept as never);
    socket.on('chat.messageCreated', dropped as never);
    socket.off('chat.messageCreated', dropped as never);
    socket.emit('room.join', { room: 'room:a' }, ack);
    socket.emit('room.join', { room: 'room:b' });
    socket.connect();

    await arrive();
    real.fire('connect');
    real.fire('chat.messageCreated', 'merhaba');

    expect(heard).toEqual(['kept merhaba']);
    expect(real.emitted.map(({ event, args }) => [event, args])).toEqual([
      ['room.join', [{ room: 'room:a' }]],
      ['room.join', [{ room: 'room:b' }]],
    ]);
    expect(real.emitted[0]!.ack).toBe(ack);
    expect(real.connect).toHaveBeenCalledTimes(1);
    expect(socket.connected).toBe(true);
  });

  it('does not connect when the connect asked for was taken back before it arrived', async () => {
    const { socket, real, arrive } = deferred();
    socket.connect();
    socket.disconnect();

    await arrive();

    expect(real.connect).not.toHaveBeenCalled();
  });

  it('sends every call straight to the real socket once it arrived', async () => {
    const { socket, real, arrive } = deferred();
    socket.connect();
    await arrive();
    const listener = jest.fn();

    socket.on('session.ended', listener);
    real.fire('session.ended');
    socket.off('session.ended', listener);
    real.fire('session.ended');
    socket.emit('room.leave', { room: 'room:a' });
    socket.disconnect().connect();

    expect(listener).toHaveBeenCalledTimes(1);
    expect(real.emitted.map(({ event }) => event)).toEqual(['room.leave']);
    expect(real.disconnect).toHaveBeenCalledTimes(1);
    expect(real.connect).toHaveBeenCalledTimes(2);
  });

  it('tries to load Socket.IO again at the next call after a failed load, keeping what was asked', async () => {
    const { socket, real, loads, arrive } = deferred();
    const listener = jest.fn();
    socket.on('session.ended', listener);
    loads[0]!.reject(new Error('ağ yok'));
    await Promise.resolve();
    await Promise.resolve();

    socket.connect();
    expect(loads).toHaveLength(2);
    await arrive();
    real.fire('session.ended');

    expect(listener).toHaveBeenCalledTimes(1);
    expect(real.connect).toHaveBeenCalledTimes(1);
  });
});
