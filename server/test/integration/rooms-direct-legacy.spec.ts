import { MESSAGES, ROOM_MESSAGES as M, type ChatMessage } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { RoomsService } from '../../src/rooms/rooms.service';
import { createRoom, importRoomCatalog, signedInMember, type SignedInMember } from '../factories/rooms';
import { collect, connectSocket, eventually, joinRoom, type RoomSocket } from '../harness/room-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * `add_chat` and `get_chat` have a direct way before the Nest pipeline: the member of the session
 * cookie is resolved inside the one statement that stores or reads. These tests hold it to the
 * full way's behaviour: the same replies, the same push, and every case it does not take (a
 * session idle past the touch interval, an expired one, a refusal) answered by the full way.
 */
describe('the direct way of add_chat and get_chat', () => {
  let sut: TestApp;
  let db: DataSource;
  let service: RoomsService;
  let sender: SignedInMember;
  let listener: SignedInMember;
  let outsider: SignedInMember;
  let code: string;
  let socket: RoomSocket;

  const legacy = (member: SignedInMember, fields: Record<string, unknown>) => member.agent.post('/ajax/service').type('form').send(fields);
  const sessionOf = async (member: SignedInMember) =>
    (
      (await db.query('SELECT id, last_seen_at, expires_at FROM user_session WHERE user_id = $1', [member.userId])) as Array<{
        id: string;
        last_seen_at: Date;
        expires_at: Date;
      }>
    )[0]!;
  const messageCount = async () => ((await db.query('SELECT count(*)::int AS count FROM watch_room_message')) as Array<{ count: number }>)[0]!.count;

  beforeAll(async () => {
    sut = await startTestApp();
    db = sut.server.app.get(DataSource);
    service = sut.server.app.get(RoomsService);
    const { aired } = await importRoomCatalog(db);
    [sender, listener, outsider] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
    code = await createRoom(sender.agent, { episodeId: aired[0], title: 'Doğrudan', invite: [listener.userId] });
    socket = await connectSocket(sut.baseUrl, listener.cookie);
    await joinRoom(socket, code);
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    socket.close();
    await sut.close();
  });

  it('stores and pushes a message of a recently used session without the full way, and reads it back the same way', async () => {
    const direct = jest.spyOn(service, 'sendMessageBySession');
    const full = jest.spyOn(service, 'sendMessage');
    const pushed = collect(socket, 'chat.messageCreated');
    const sent = await legacy(sender, { type: 'add_chat', code, data: 'doğrudan <b>selam</b>' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, theme: expect.stringContaining('doğrudan &lt;b&gt;selam&lt;/b&gt;'), id: expect.any(Number) });
    expect(direct).toHaveBeenCalledTimes(1);
    expect(full).not.toHaveBeenCalled();
    const [message] = await eventually(() => pushed, (list) => list.length === 1);
    expect(message).toMatchObject<Partial<ChatMessage>>({ seq: sent.body.id, roomCode: code, text: 'doğrudan <b>selam</b>' });
    expect(message!.author).toMatchObject({ id: sender.userId, username: sender.username });

    const directRead = jest.spyOn(service, 'messagesAfterBySession');
    const read = await legacy(listener, { type: 'get_chat', code, id: sent.body.id - 1 });
    expect(read.body).toEqual({ success: true, theme: sent.body.theme, id: sent.body.id });
    expect(directRead).toHaveBeenCalledTimes(1);
    const nothingNew = await legacy(listener, { type: 'get_chat', code, id: sent.body.id });
    expect(nothingNew.body).toEqual({ success: true, theme: '', id: sent.body.id });
  });

  it('leaves a session idle past the touch interval to the full way, which slides it', async () => {
    await db.query("UPDATE user_session SET last_seen_at = now() - interval '10 minutes' WHERE user_id = $1", [sender.userId]);
    const before = await sessionOf(sender);
    const full = jest.spyOn(service, 'sendMessage');
    const sent = await legacy(sender, { type: 'add_chat', code, data: 'uzun aradan sonra' });
    expect(sent.body).toMatchObject({ success: true, id: expect.any(Number) });
    expect(full).toHaveBeenCalledTimes(1);
    const after = await sessionOf(sender);
    expect(after.last_seen_at.getTime()).toBeGreaterThan(before.last_seen_at.getTime());
    expect(after.expires_at.getTime()).toBeGreaterThan(before.expires_at.getTime());
  });

  it('answers an expired session with the session flag, storing nothing', async () => {
    const expired = await signedInMember(sut.baseUrl);
    await db.query("UPDATE user_session SET expires_at = now() - interval '1 second' WHERE user_id = $1", [expired.userId]);
    const before = await messageCount();
    for (const fields of [
      { type: 'add_chat', code, data: 'süresi geçmiş' },
      { type: 'get_chat', code, id: 0 },
    ]) {
      expect((await legacy(expired, fields)).body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
    }
    expect(await messageCount()).toBe(before);
  });

  it('leaves every refusal to the full way, with its Turkish text, storing nothing', async () => {
    const before = await messageCount();
    const outsiderSend = await legacy(outsider, { type: 'add_chat', code, data: 'içeri alın' });
    expect(outsiderSend.status).toBe(403);
    expect(outsiderSend.body).toEqual({ success: false, error: true, message: M.notInvited });
    const outsiderRead = await legacy(outsider, { type: 'get_chat', code, id: 0 });
    expect(outsiderRead.body).toEqual({ success: false, error: true, message: M.notInvited });
    const unknownRoom = await legacy(sender, { type: 'add_chat', code: 'AAAAAAAAAAAA', data: 'kimse yok' });
    expect(unknownRoom.status).toBe(404);
    expect(unknownRoom.body).toEqual({ success: false, error: true, message: M.roomNotFound });
    const empty = await legacy(sender, { type: 'add_chat', code, data: '   ' });
    expect(empty.body).toEqual({ success: false, error: true, message: M.messageEmpty });
    expect(await messageCount()).toBe(before);
  });

  it('keeps a retried send with its key to one message on the direct way', async () => {
    const before = await messageCount();
    const fields = { type: 'add_chat', code, data: 'bir kez', client_key: 'k-direct-0123456789abcdef' };
    const [first, second] = await Promise.all([legacy(sender, fields), legacy(sender, fields)]);
    expect(first.body.id).toBe(second.body.id);
    expect(await messageCount()).toBe(before + 1);
  });
});
