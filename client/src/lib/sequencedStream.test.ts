import { rooms, streams, STREAM_RULES, type ChatMessage, type StreamHeadsReply } from '@seyirlik/shared-contracts';
import { FakeSocket } from '../../test/FakeSocket';
import type { RealtimeSocket } from './channelMembership';
import { SequencedStream, type SequencedPage } from './sequencedStream';

const CODE = 'Abc123Def456';
const STREAM = streams.roomChat(CODE);

const message = (seq: number, roomCode = CODE) => ({ seq, roomCode, text: `mesaj ${seq}` }) as ChatMessage;

describe('SequencedStream', () => {
  let socket: FakeSocket;
  let stored: ChatMessage[];
  let fetchAfter: jest.Mock<Promise<SequencedPage<ChatMessage>>, [number]>;
  let sut: SequencedStream<'chat.messageCreated', ChatMessage>;

  const sent = (event: string) => socket.emitted.filter((emitted) => emitted.event === event);
  const cursors = () => fetchAfter.mock.calls.map(([cursor]) => cursor);
  const shown = () => sut.snapshot.log.items.map((item) => item.seq);
  /** Lets pending fetches (and the rounds they lead to) finish. */
  const settle = async () => {
    for (let round = 0; round < 5; round += 1) await Promise.resolve();
  };
  const join = async () => {
    sent('room.join').at(-1)!.ack!({ ok: true });
    await settle();
  };
  const beat = () => {
    jest.advanceTimersByTime(STREAM_RULES.headsIntervalMs);
    return sent('stream.heads').at(-1)!;
  };

  beforeEach(() => {
    jest.useFakeTimers();
    socket = new FakeSocket();
    socket.connected = true;
    stored = [message(1)];
    fetchAfter = jest.fn(async (cursor: number) => ({ items: stored.filter((item) => item.seq > cursor), hasMore: false }));
    sut = new SequencedStream({
      socket: socket as unknown as RealtimeSocket,
      channel: rooms.chat(CODE),
      stream: STREAM,
      event: 'chat.messageCreated',
      itemOf: (pushed) => (pushed.roomCode === CODE ? pushed : null),
      fetchAfter,
    });
    sut.start();
  });

  afterEach(() => {
    sut.stop();
    jest.useRealTimers();
  });

  it('asks for its stream’s head while live, and catches up when the head is beyond its cursor', async () => {
    await join();
    expect(cursors()).toEqual([0]);

    // The push of message 2 was lost, and nothing follows it.
    stored.push(message(2));
    const heads = beat();
    expect(heads.args).toEqual([{ streams: [STREAM] }]);
    heads.ack!({ heads: { [STREAM]: 2 } } satisfies StreamHeadsReply);
    await settle();

    expect(cursors()).toEqual([0, 1]);
    expect(shown()).toEqual([1, 2]);
  });

  it('does not fetch on a head it already holds', async () => {
    await join();

    beat().ack!({ heads: { [STREAM]: 1 } });
    await settle();
    // The sentinel: a head beyond the cursor on the next beat does fetch, and is the only fetch since the join.
    stored.push(message(2));
    beat().ack!({ heads: { [STREAM]: 2 } });
    await settle();

    expect(cursors()).toEqual([0, 1]);
  });

  it('stops the heartbeat and polls every interval while the socket is down, and stops polling once live again', async () => {
    await join();
    const beatsBefore = sent('stream.heads').length;

    socket.fire('disconnect', 'transport close');
    await settle();
    expect(sut.snapshot.live).toEqual({ status: 'offline' });
    expect(sut.polling).toBe(true);
    stored.push(message(2));
    jest.advanceTimersByTime(STREAM_RULES.pollIntervalMs);
    await settle();
    expect(sent('stream.heads')).toHaveLength(beatsBefore);
    expect(cursors()).toEqual([0, 1, 1]);
    expect(shown()).toEqual([1, 2]);

    socket.fire('connect');
    await join();
    expect(sut.polling).toBe(false);
    expect(cursors()).toEqual([0, 1, 1, 2]);
    beat();
    expect(sent('stream.heads')).toHaveLength(beatsBefore + 1);
  });

  it('catches up at once when a push comes beyond a gap, and ignores other streams’ pushes', async () => {
    await join();
    stored.push(message(2), message(3));

    socket.fire('chat.messageCreated', message(7, 'Zzz999Zzz999'));
    socket.fire('chat.messageCreated', message(3));
    await settle();

    expect(cursors()).toEqual([0, 1]);
    expect(shown()).toEqual([1, 2, 3]);
  });

  it('neither polls nor beats in a channel it was refused', async () => {
    sent('room.join')[0]!.ack!({ ok: false, message: 'Bu canlı akışa katılma izniniz yok.' });

    jest.advanceTimersByTime(STREAM_RULES.pollIntervalMs * 2);
    await settle();

    expect(sut.polling).toBe(false);
    expect(sent('stream.heads')).toHaveLength(0);
    expect(cursors()).toEqual([]);
  });
});
