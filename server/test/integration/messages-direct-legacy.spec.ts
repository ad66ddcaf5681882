import { MESSAGES, PRIVATE_MESSAGE_MESSAGES as M, type PrivateMessage } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import type { MessageSentEvent } from '../../src/messages';
import { MessagesService } from '../../src/messages/messages.service';
import { DomainEvents } from '../../src/platform/events/domain-events';
import { signedInMember, type SignedInMember } from '../factories/rooms';
import { collect, connectSocket, eventually, type RoomSocket } from '../harness/room-client';
import { TEST_REDIS_URL } from '../support/services';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * `sendMessage` to a conversation named by its hash alone has a direct way before the Nest
 * pipeline, as `add_chat` has: the member of the session cookie is resolved inside the one
 * statement that stores the message. These tests hold it to the full way's behaviour: the same
 * reply, the same pushes and event, and every case it does not take answered by the full way.
 */
describe('the direct way of sendMessage', () => {
  let sut: TestApp;
  let db: DataSource;
  let service: MessagesService;
  let alice: SignedInMember;
  let bob: SignedInMember;
  let carol: SignedInMember;
  let hash: string;
  const sockets: RoomSocket[] = [];
  const events: MessageSentEvent[] = [];

  const legacy = (member: SignedInMember, fields: Record<string, unknown>) => member.agent.post('/ajax/service').type('form').send(fields);
  const messageCount = async () => ((await db.query('SELECT count(*)::int AS count FROM private_message')) as Array<{ count: number }>)[0]!.count;
  const eventCount = async () =>
    ((await db.query("SELECT count(*)::int AS count FROM outbox_message WHERE name = 'message.sent'")) as Array<{ count: number }>)[0]!.count;

  beforeAll(async () => {
    sut = await startTestApp({ REDIS_URL: TEST_REDIS_URL });
    db = sut.server.app.get(DataSource);
    service = sut.server.app.get(MessagesService);
    sut.server.app.get(DomainEvents).subscribe('message.sent', 'test.direct-messages', (event) => void events.push(event));
    [alice, bob, carol] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
    const started = await alice.agent.post('/api/conversations').send({ username: bob.username, text: 'Merhaba' });
    hash = (started.body as PrivateMessage).hash;
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await sut.close();
  });

  it('stores a message of a recently used session without the full way, pushes it to both members and tells the notifications who sent it', async () => {
    const [aliceTab, bobTab] = [await connectSocket(sut.baseUrl, alice.cookie), await connectSocket(sut.baseUrl, bob.cookie)];
    sockets.push(aliceTab, bobTab);
    const [onAlice, onBob] = [collect(aliceTab, 'message.created'), collect(bobTab, 'message.created')];
    const direct = jest.spyOn(service, 'sendBySession');
    const full = jest.spyOn(service, 'send');

    const sent = await legacy(alice, { type: 'sendMessage', hash, message: 'doğrudan <b>selam</b>' });

    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, message: M.sent, theme: expect.stringContaining('doğrudan &lt;b&gt;selam&lt;/b&gt;'), hash, id: 2 });
    expect(direct).toHaveBeenCalledTimes(1);
    expect(full).not.toHaveBeenCalled();
    for (const pushed of [onAlice, onBob]) {
      const [message] = await eventually(() => pushed, (list) => list.length === 1);
      expect(message).toMatchObject({ hash, seq: 2, text: 'doğrudan <b>selam</b>', recipientId: bob.userId });
      expect(message!.sender).toMatchObject({ id: alice.userId, username: alice.username });
    }
    const [event] = await eventually(() => events.filter((entry) => entry.seq === 2), (list) => list.length === 1);
    expect(event).toMatchObject({ hash, seq: 2, senderId: alice.userId, senderUsername: alice.username, recipientId: bob.userId, first: false });
    // The same theme the full way renders: the reply of a send through it by id.
    const viaFull = await legacy(alice, { type: 'sendMessage', hash, id: bob.userId, message: 'doğrudan <b>selam</b>' });
    expect(full).toHaveBeenCalledTimes(1);
    const unstamped = (theme: string) => theme.replace(/data-id="\d+"/, '').replace(/<time[^>]*>[^<]*<\/time>/, '');
    expect(viaFull.body.id).toBe(3);
    expect(unstamped(viaFull.body.theme)).toBe(unstamped(sent.body.theme));
  });

  it('leaves a session idle past the touch interval to the full way, which slides it', async () => {
    await db.query("UPDATE user_session SET last_seen_at = now() - interval '10 minutes' WHERE user_id = $1", [alice.userId]);
    const full = jest.spyOn(service, 'send');
    const sent = await legacy(alice, { type: 'sendMessage', hash, message: 'uzun aradan sonra' });
    expect(sent.body).toMatchObject({ success: true, message: M.sent, hash });
    expect(full).toHaveBeenCalledTimes(1);
    const [session] = (await db.query('SELECT last_seen_at > now() - interval \'1 minute\' AS slid FROM user_session WHERE user_id = $1', [alice.userId])) as Array<{
      slid: boolean;
    }>;
    expect(session!.slid).toBe(true);
  });

  it('answers an expired session with the session flag, storing nothing', async () => {
    const expired = await signedInMember(sut.baseUrl);
    await db.query("UPDATE user_session SET expires_at = now() - interval '1 second' WHERE user_id = $1", [expired.userId]);
    const before = [await messageCount(), await eventCount()];
    const sent = await legacy(expired, { type: 'sendMessage', hash, message: 'süresi geçmiş' });
    expect(sent.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
    expect([await messageCount(), await eventCount()]).toEqual(before);
  });

  it('leaves every refusal to the full way, with its Turkish text, storing nothing', async () => {
    const before = [await messageCount(), await eventCount()];
    const outsider = await legacy(carol, { type: 'sendMessage', hash, message: 'araya giriyorum' });
    expect(outsider.status).toBe(404);
    expect(outsider.body).toEqual({ success: false, error: true, message: M.conversationNotFound });
    const empty = await legacy(alice, { type: 'sendMessage', hash, message: '   ' });
    expect(empty.body).toEqual({ success: false, error: true, message: M.textRequired });

    await bob.agent.post(`/api/users/${alice.username}/block`).send({});
    const blocked = await legacy(alice, { type: 'sendMessage', hash, message: 'engellendim mi ?' });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({ success: false, error: true, message: M.blockedByRecipient });
    await bob.agent.delete(`/api/users/${alice.username}/block`);
    expect([await messageCount(), await eventCount()]).toEqual(before);
  });

  it('keeps a retried send with its key to one message on the direct way', async () => {
    const before = await messageCount();
    const fields = { type: 'sendMessage', hash, message: 'bir kez', client_key: 'k-direct-0123456789abcdef' };
    const [first, second] = await Promise.all([legacy(alice, fields), legacy(alice, fields)]);
    expect(first.body.id).toBe(second.body.id);
    expect(await messageCount()).toBe(before + 1);
  });
});
