import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH } from '@seyirlik/shared-contracts';
import { io, type Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../support/test-app';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function connect(baseUrl: string, origin?: string): ClientSocket {
  return io(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: origin ? { Origin: origin } : {},
  });
}

function outcome(socket: ClientSocket): Promise<'connected' | string> {
  return new Promise((resolveOutcome) => {
    socket.once('connect', () => resolveOutcome('connected'));
    socket.once('connect_error', (error) => resolveOutcome(`refused: ${error.message}`));
  });
}

describe('Socket.IO handshake', () => {
  let sut: TestApp;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await sut.close();
  });

  it('accepts the site’s own origin and answers clock pings with the server time', async () => {
    const socket = connect(sut.baseUrl, `http://${new URL(sut.baseUrl).host}`);
    sockets.push(socket);

    expect(await outcome(socket)).toBe('connected');
    const before = Date.now();
    const reply = await socket.timeout(2000).emitWithAck('clock.ping');
    expect(reply.serverTime).toBeGreaterThanOrEqual(before - 5);
    expect(reply.serverTime).toBeLessThanOrEqual(Date.now() + 5);
  });

  it('refuses a handshake from another site’s page', async () => {
    const socket = connect(sut.baseUrl, 'https://evil.example');
    sockets.push(socket);

    expect(await outcome(socket)).toMatch(/^refused/);
    expect(socket.connected).toBe(false);
  });

  it('refuses the polling transport from another site too', async () => {
    const socket = io(sut.baseUrl, {
      path: SOCKET_PATH,
      transports: ['polling'],
      reconnection: false,
      extraHeaders: { Origin: 'https://evil.example' },
    });
    sockets.push(socket);

    expect(await outcome(socket)).toMatch(/^refused/);
  });
});
