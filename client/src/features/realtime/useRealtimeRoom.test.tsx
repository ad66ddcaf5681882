import { REALTIME_MESSAGES, rooms } from '@seyirlik/shared-contracts';
import { act, render, screen } from '@testing-library/react';
import { FakeSocket } from '../../../test/FakeSocket';
import { useRealtimeRoom } from './useRealtimeRoom';

const fakeSocket = new FakeSocket();
jest.mock('./socket', () => ({ getSocket: () => fakeSocket }));

function RoomProbe({ room, onJoined }: { room: ReturnType<typeof rooms.content>; onJoined: () => void }) {
  const state = useRealtimeRoom(room, onJoined);
  return <p data-testid="room-state">{state.status === 'refused' ? state.message : state.status}</p>;
}

const joins = () => fakeSocket.emitted.filter((sent) => sent.event === 'room.join');
const state = () => screen.getByTestId('room-state').textContent;

describe('useRealtimeRoom', () => {
  beforeEach(() => {
    fakeSocket.emitted.length = 0;
    fakeSocket.connected = true;
  });

  it('joins at once on a connected socket and reports live after the server agreed', () => {
    const onJoined = jest.fn();
    render(<RoomProbe room={rooms.content(3)} onJoined={onJoined} />);

    expect(joins()).toHaveLength(1);
    expect(joins()[0]!.args).toEqual([{ room: 'content:3' }]);
    expect(state()).toBe('joining');

    act(() => joins()[0]!.ack!({ ok: true }));

    expect(state()).toBe('live');
    expect(onJoined).toHaveBeenCalledTimes(1);
  });

  it('goes offline when the socket drops and joins again, catching up, after each reconnect', () => {
    const onJoined = jest.fn();
    render(<RoomProbe room={rooms.content(3)} onJoined={onJoined} />);
    act(() => joins()[0]!.ack!({ ok: true }));

    act(() => fakeSocket.fire('disconnect', 'transport close'));
    expect(state()).toBe('offline');

    act(() => fakeSocket.fire('connect'));
    expect(joins()).toHaveLength(2);
    act(() => joins()[1]!.ack!({ ok: true }));

    expect(state()).toBe('live');
    expect(onJoined).toHaveBeenCalledTimes(2);
  });

  it('waits for a connection before joining', () => {
    fakeSocket.connected = false;
    render(<RoomProbe room={rooms.content(3)} onJoined={jest.fn()} />);

    expect(joins()).toHaveLength(0);
    expect(state()).toBe('offline');

    act(() => fakeSocket.fire('connect'));
    expect(joins()).toHaveLength(1);
  });

  it('shows the server’s reason when the room is refused, without catching up', () => {
    const onJoined = jest.fn();
    render(<RoomProbe room={rooms.content(3)} onJoined={onJoined} />);

    act(() => joins()[0]!.ack!({ ok: false, message: REALTIME_MESSAGES.roomRefused }));

    expect(state()).toBe(REALTIME_MESSAGES.roomRefused);
    expect(onJoined).not.toHaveBeenCalled();
  });

  it('leaves the room and stops listening on unmount', () => {
    const before = fakeSocket.listenerCount();
    const { unmount } = render(<RoomProbe room={rooms.content(9)} onJoined={jest.fn()} />);

    unmount();

    expect(fakeSocket.emitted.at(-1)).toEqual({ event: 'room.leave', args: [{ room: 'content:9' }], ack: undefined });
    expect(fakeSocket.listenerCount()).toBe(before);
  });
});
