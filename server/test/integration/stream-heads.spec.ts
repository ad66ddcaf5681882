import { rooms, streams, type StreamHeadsReply } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { createRoom, importRoomCatalog, signedInMember, type SignedInMember } from '../factories/rooms';
import { connectSocket, joinRoom, type RoomSocket } from '../harness/room-client';
import { startTestApp, type TestApp } from '../support/test-app';

describe('stream heads (the live clients’ heartbeat)', () => {
  let sut: TestApp;
  let creator: SignedInMember;
  let invitee: SignedInMember;
  let outsider: SignedInMember;
  let code: string;
  let quietCode: string;
  const sockets: RoomSocket[] = [];

  const socketOf = async (member: SignedInMember | null) => {
    const socket = await connectSocket(sut.baseUrl, member?.cookie);
    sockets.push(socket);
    return socket;
  };
  const headsOf = (socket: RoomSocket, payload: unknown): Promise<StreamHeadsReply> =>
    (socket.timeout(5000).emitWithAck as (event: string, payload: unknown) => Promise<StreamHeadsReply>)('stream.heads', payload);

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    const { aired } = await importRoomCatalog(sut.server.app.get(DataSource));
    [creator, invitee, outsider] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
    code = await createRoom(creator.agent, { episodeId: aired[0], title: 'Nabız', invite: [invitee.userId] });
    quietCode = await createRoom(creator.agent, { episodeId: aired[0], title: 'Sessiz', invite: [] });
    for (const text of ['bir', 'iki']) {
      expect((await creator.agent.post(`/api/rooms/${code}/messages`).send({ text })).status).toBe(201);
    }
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await sut.close();
  });

  it('answers the newest sequence of each stream whose channel the socket joined, 0 for one never written', async () => {
    const socket = await socketOf(creator);
    expect(await joinRoom(socket, code)).toEqual({ ok: true });
    expect(await joinRoom(socket, quietCode)).toEqual({ ok: true });

    expect(await headsOf(socket, { streams: [streams.roomChat(code), streams.roomChat(quietCode)] })).toEqual({
      heads: { [streams.roomChat(code)]: 2, [streams.roomChat(quietCode)]: 0 },
    });
  });

  it('leaves out streams whose channel the socket has not joined, even a member’s', async () => {
    const member = await socketOf(invitee);
    const stranger = await socketOf(outsider);
    expect(await joinRoom(stranger, code)).toEqual({ ok: false, message: expect.any(String) });

    expect(await headsOf(member, { streams: [streams.roomChat(code)] })).toEqual({ heads: {} });
    expect(await headsOf(stranger, { streams: [streams.roomChat(code)] })).toEqual({ heads: {} });
    expect(await headsOf(await socketOf(null), { streams: [streams.roomChat(code)] })).toEqual({ heads: {} });
  });

  it.each([
    ['a channel’s name', { streams: [rooms.chat('CODE')] }],
    ['a kind no feature delivers yet', { streams: [streams.conversation('abc')] }],
    ['a malformed name', { streams: ['room-chat:'] }],
    ['too many streams', { streams: Array.from({ length: 21 }, () => 'room-chat:x') }],
    ['no list', { streams: 'room-chat:x' }],
    ['no payload', null],
  ])('answers no heads for %s', async (_, payload) => {
    const socket = await socketOf(creator);
    expect(await joinRoom(socket, code)).toEqual({ ok: true });
    const named = JSON.parse(JSON.stringify(payload).replaceAll('CODE', code)) as unknown;

    expect(await headsOf(socket, named)).toEqual({ heads: {} });
  });
});
