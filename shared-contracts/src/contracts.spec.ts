import { greetingFor, greetingPeriod, legacyEnvelopeSchema, LIMITS, MESSAGES, parseRoom, parseStream, rooms, streams } from './index';

describe('greeting by hour', () => {
  it.each([
    [0, 'İyi geceler'],
    [6, 'İyi geceler'],
    [7, 'Günaydın'],
    [11, 'Günaydın'],
    [12, 'İyi günler'],
    [17, 'İyi günler'],
    [18, 'İyi akşamlar'],
    [23, 'İyi akşamlar'],
  ])('greets at %i:00 with %s', (hour, greeting) => {
    expect(greetingFor(hour)).toBe(greeting);
  });

  it('covers every hour of the day with the four periods', () => {
    const periods = Array.from({ length: 24 }, (_, hour) => greetingPeriod(hour));
    expect(new Set(periods)).toEqual(new Set(['night', 'morning', 'afternoon', 'evening']));
  });

  it.each([-1, 24, 3.5, Number.NaN])('refuses the hour %p', (hour) => {
    expect(() => greetingFor(hour)).toThrow(RangeError);
  });
});

describe('room names', () => {
  it('are built by the helpers and parsed back', () => {
    expect(rooms.user(7)).toBe('user:7');
    expect(rooms.chat('abc123')).toBe('room:abc123');
    expect(rooms.content(42)).toBe('content:42');
    expect(rooms.post(5)).toBe('post:5');
    expect(parseRoom(rooms.chat('abc123'))).toEqual({ kind: 'room', key: 'abc123' });
    expect(parseRoom(rooms.flow)).toEqual({ kind: 'flow', key: '' });
  });

  it.each(['', 'user:', 'user:1 2', 'other:1', 'flow:1', `room:${'x'.repeat(65)}`])('refuses %p', (name) => {
    expect(parseRoom(name)).toBeNull();
  });
});

describe('stream names', () => {
  it('are apart from the channels they are delivered on, and parsed back', () => {
    expect(streams.roomChat('abc123')).toBe('room-chat:abc123');
    expect(streams.roomChat('abc123')).not.toBe(rooms.chat('abc123'));
    expect(streams.conversation('f00d')).toBe('conversation:f00d');
    expect(streams.notifications(7)).toBe('notifications:7');
    expect(streams.postCounts(5)).toBe('post-counts:5');
    expect(parseStream(streams.roomChat('abc123'))).toEqual({ kind: 'room-chat', key: 'abc123' });
  });

  it.each(['', 'room:abc', 'room-chat:', 'user:1', `conversation:${'x'.repeat(65)}`])('refuses %p', (name) => {
    expect(parseStream(name)).toBeNull();
  });
});

describe('legacy envelope', () => {
  it('keeps the call’s own fields beside success, error, session and message', () => {
    const reply = legacyEnvelopeSchema.parse({ success: true, theme: '<li>x</li>', link: '/a' });
    expect(reply).toEqual({ success: true, theme: '<li>x</li>', link: '/a' });
  });

  it('needs success', () => {
    expect(legacyEnvelopeSchema.safeParse({ message: 'x' }).success).toBe(false);
  });
});

describe('seed constants and texts', () => {
  it('keep the specification’s values and spacing', () => {
    expect(LIMITS.commentMaxLength).toBe(500);
    expect(LIMITS.chatPollIntervalMs).toBe(5000);
    expect(LIMITS.toastDurationMs).toBe(3000);
    expect(LIMITS.liveSearchMinLength).toBe(3);
    expect(LIMITS.liveSearchDebounceMs).toBe(300);
    expect(MESSAGES.noMoreComments).toBe('Listelenecek yorum kalmadı !');
    expect(MESSAGES.confirmGroupDelete).toBe('Grubu silmek istediğinize emin misiniz ?');
  });
});
