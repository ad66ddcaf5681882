import { ROOM_RULES, type ChatMessage } from '@seyirlik/shared-contracts';
import { act, render, screen } from '@testing-library/react';
import { FakeSocket } from '../../../test/FakeSocket';
import { deferredReply, mockFetch, sentBody } from '../../../test/mockFetch';
import { buildChatMessage } from './roomBuilders';
import { useRoomChat, type RoomChat } from './useRoomChat';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket }));

const CODE = 'Abc123Def456';

/** The fake server: the room's stored messages, answered in pages of `pageSize` after a cursor. */
function serveMessages(stored: ChatMessage[], pageSize: number = ROOM_RULES.chatPageSize) {
  return mockFetch((path, init) => {
    if (init.method === 'POST') {
      const message = buildChatMessage(stored.length + 1, { text: JSON.parse(String(init.body)).text });
      stored.push(message);
      return { status: 200, body: message };
    }
    const after = Number(new URL(path, 'http://seyirlik.test').searchParams.get('after'));
    const newer = stored.filter((message) => message.seq > after);
    return { status: 200, body: { messages: newer.slice(0, pageSize), hasMore: newer.length > pageSize } };
  });
}

/** The cursors of the message fetches made so far. */
const fetchedAfter = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls
    .map(([path]: [string]) => path)
    .filter((path) => path.startsWith(`/api/rooms/${CODE}/messages?after=`))
    .map((path) => Number(path.split('after=')[1]));

let chat: RoomChat;

function ChatProbe({ lastSeq }: { lastSeq: number }) {
  chat = useRoomChat(CODE, lastSeq);
  return (
    <>
      <p data-testid="live">{chat.live.status}</p>
      <p data-testid="seqs">{chat.messages.map((message) => message.seq).join(',')}</p>
    </>
  );
}

const seqs = () => screen.getByTestId('seqs').textContent;
const live = () => screen.getByTestId('live').textContent;
const joins = () => fakeSocket.emitted.filter((sent) => sent.event === 'room.join');

/** Lets the fake server's answers (and the fetches they lead to) arrive. */
async function settle() {
  for (let round = 0; round < 5; round += 1) await act(async () => {});
}

async function joinRoom(index = joins().length - 1) {
  await act(async () => joins()[index]!.ack!({ ok: true }));
  await settle();
}

describe('useRoomChat', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    fakeSocket.emitted.length = 0;
    fakeSocket.connected = true;
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('catches up after joining, from one page before the newest message, asking again while there is more', async () => {
    const stored = Array.from({ length: 130 }, (_, index) => buildChatMessage(index + 1));
    const fetchMock = serveMessages(stored, 20);
    render(<ChatProbe lastSeq={130} />);
    expect(live()).toBe('joining');

    await joinRoom();

    expect(live()).toBe('live');
    expect(fetchedAfter(fetchMock)).toEqual([30, 50, 70, 90, 110]);
    expect(seqs()).toBe(Array.from({ length: 100 }, (_, index) => index + 31).join(','));
  });

  it('shows pushed messages of its room once each, in order', async () => {
    serveMessages([buildChatMessage(1)]);
    render(<ChatProbe lastSeq={1} />);
    await joinRoom();

    act(() => {
      fakeSocket.fire('chat.messageCreated', buildChatMessage(2));
      fakeSocket.fire('chat.messageCreated', buildChatMessage(2));
      fakeSocket.fire('chat.messageCreated', buildChatMessage(3, { roomCode: 'Zzz999Zzz999' }));
    });

    expect(seqs()).toBe('1,2');
  });

  it('shows its own message once when the answer comes before the push', async () => {
    const stored = [buildChatMessage(1)];
    serveMessages(stored);
    render(<ChatProbe lastSeq={1} />);
    await joinRoom();

    await act(() => chat.send('Merhaba', 'anahtar-1'));
    expect(seqs()).toBe('1,2');
    act(() => fakeSocket.fire('chat.messageCreated', stored[1]));

    expect(seqs()).toBe('1,2');
  });

  it('shows its own message once when the push comes before the answer', async () => {
    serveMessages([buildChatMessage(1)]);
    render(<ChatProbe lastSeq={1} />);
    await joinRoom();
    const own = buildChatMessage(2, { text: 'Merhaba' });
    const answer = deferredReply();
    const fetchMock = mockFetch(() => answer.promise);

    let sending!: Promise<void>;
    act(() => {
      sending = chat.send('Merhaba', 'anahtar-2');
    });
    act(() => fakeSocket.fire('chat.messageCreated', own));
    expect(seqs()).toBe('1,2');
    await act(async () => {
      answer.resolve({ status: 200, body: own });
      await sending;
    });

    expect(seqs()).toBe('1,2');
    expect(sentBody(fetchMock)).toEqual({ text: 'Merhaba', clientKey: 'anahtar-2' });
  });

  it('fetches the messages a push overtook', async () => {
    const stored = [1, 2, 3, 4].map((seq) => buildChatMessage(seq));
    const fetchMock = serveMessages(stored.slice(0, 1));
    render(<ChatProbe lastSeq={1} />);
    await joinRoom();

    expect(fetchedAfter(fetchMock)).toEqual([0]);

    const refetch = serveMessages(stored);
    act(() => fakeSocket.fire('chat.messageCreated', stored[3]));
    await settle();

    expect(seqs()).toBe('1,2,3,4');
    expect(fetchedAfter(refetch)).toEqual([1]);
  });

  it('polls every 5 s from the last sequence while the socket is down, and stops after the catch-up on rejoin', async () => {
    const stored = [buildChatMessage(1)];
    const fetchMock = serveMessages(stored);
    render(<ChatProbe lastSeq={1} />);
    await joinRoom();
    expect(fetchedAfter(fetchMock)).toEqual([0]);

    act(() => fakeSocket.fire('disconnect', 'transport close'));
    await settle();
    expect(live()).toBe('offline');
    // At once: pushes may have been lost as the socket dropped.
    expect(fetchedAfter(fetchMock)).toEqual([0, 1]);

    stored.push(buildChatMessage(2));
    await act(async () => jest.advanceTimersByTime(ROOM_RULES.chatPollIntervalMs - 1));
    expect(fetchedAfter(fetchMock)).toHaveLength(2);
    await act(async () => jest.advanceTimersByTime(1));
    await settle();
    expect(fetchedAfter(fetchMock)).toEqual([0, 1, 1]);
    expect(seqs()).toBe('1,2');

    stored.push(buildChatMessage(3));
    act(() => fakeSocket.fire('connect'));
    await joinRoom();
    expect(live()).toBe('live');
    expect(fetchedAfter(fetchMock)).toEqual([0, 1, 1, 2]);
    expect(seqs()).toBe('1,2,3');

    await act(async () => jest.advanceTimersByTime(ROOM_RULES.chatPollIntervalMs * 3));
    expect(fetchedAfter(fetchMock)).toHaveLength(4);
  });

  it('tries a failed catch-up again later', async () => {
    const stored = [buildChatMessage(1)];
    let failing = true;
    const fetchMock = mockFetch(() =>
      failing ? { status: 503, body: { statusCode: 503, message: 'Hizmet şu anda kullanılamıyor.' } } : { status: 200, body: { messages: stored, hasMore: false } },
    );
    render(<ChatProbe lastSeq={1} />);
    await joinRoom();
    expect(seqs()).toBe('');

    failing = false;
    await act(async () => jest.advanceTimersByTime(ROOM_RULES.chatPollIntervalMs));
    await settle();

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(seqs()).toBe('1');
  });
});
