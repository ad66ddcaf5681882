import { Client } from 'pg';
import { signedInMember } from '../factories/rooms';
import { connectSocket, type RoomSocket } from '../harness/room-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** Resolves with the disconnect reason, or rejects when the socket is still connected after `ms`. */
function disconnectedWithin(socket: RoomSocket, ms: number): Promise<string> {
  return new Promise((resolveDisconnect, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolveDisconnect(reason);
    });
  });
}

/** A socket answers a ping only while it is connected. */
const answersPing = (socket: RoomSocket) => socket.timeout(5000).emitWithAck('clock.ping').then(() => true, () => false);

describe('sockets whose session ended without a publish (periodic re-check)', () => {
  let sut: TestApp;
  let db: Client;
  const sockets: RoomSocket[] = [];

  const socketOf = async (cookie?: string) => {
    const socket = await connectSocket(sut.baseUrl, cookie);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    sut = await startTestApp({ SESSION_RECHECK_SECONDS: '1', TRUST_PROXY: 'true' });
    db = new Client({ connectionString: sut.database.url });
    await db.connect();
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await db.end();
    await sut.close();
  });

  it.each([
    ['deleted in the database', 'DELETE FROM user_session WHERE user_id = $1'],
    ['past its expiry', "UPDATE user_session SET expires_at = now() - interval '1 minute' WHERE user_id = $1"],
  ])('cuts the socket of a session %s within a few seconds, and leaves visitors and other members connected', async (_, endSession) => {
    const revoked = await signedInMember(sut.baseUrl);
    const other = await signedInMember(sut.baseUrl);
    const revokedSocket = await socketOf(revoked.cookie);
    const otherSocket = await socketOf(other.cookie);
    const visitorSocket = await socketOf();
    const ended = new Promise((resolveEnded) => revokedSocket.once('session.ended', resolveEnded));
    const cut = disconnectedWithin(revokedSocket, 5000);

    await db.query(endSession, [revoked.userId]);

    await expect(cut).resolves.toBe('io server disconnect');
    await expect(ended).resolves.toEqual({ reason: 'expired' });
    // The pass that cut it has looked at every socket of the process: the others are still served.
    expect(await answersPing(otherSocket)).toBe(true);
    expect(await answersPing(visitorSocket)).toBe(true);
  });
});
