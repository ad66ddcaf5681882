import { RoomAccessRegistry, type RoomMembershipChange } from './room-access.registry';

describe('RoomAccessRegistry membership listeners', () => {
  let sut: RoomAccessRegistry;
  let told: Array<{ kind: string; key: string; change: RoomMembershipChange }>;

  beforeEach(() => {
    sut = new RoomAccessRegistry();
    told = [];
    sut.register('room', async () => true, (key, change) => told.push({ kind: 'room', key, change }));
    sut.register('post', async () => true);
  });

  it('tells the listener of the room’s kind, with the room’s key and the change', () => {
    sut.membershipChanged('room:Ab3dEf7hIj9k', { userId: 7, joined: true });
    sut.membershipChanged('room:Ab3dEf7hIj9k', { userId: null, joined: false });

    expect(told).toEqual([
      { kind: 'room', key: 'Ab3dEf7hIj9k', change: { userId: 7, joined: true } },
      { kind: 'room', key: 'Ab3dEf7hIj9k', change: { userId: null, joined: false } },
    ]);
  });

  it.each([
    ['a kind registered without a listener', 'post:42'],
    ['a kind nobody registered', 'content:5'],
    ['a member’s own room', 'user:7'],
    ['a session room', 'session:abc'],
    ['a socket’s own room (its id)', 'x3Jd8_fPq0aA1bB2AAAB'],
  ])('ignores %s', (_case, room) => {
    sut.membershipChanged(room, { userId: 7, joined: false });

    expect(told).toEqual([]);
  });
});

describe('RoomAccessRegistry decisions', () => {
  it('answers "unknown" for a kind no feature registered, and asks the check of a registered one', async () => {
    const sut = new RoomAccessRegistry();
    sut.register('post', async (_userId, key) => key === '42');

    expect(await sut.decide(7, 'content:5')).toBe('unknown');
    expect(await sut.decide(7, 'post:42')).toBe('allowed');
    expect(await sut.decide(7, 'post:43')).toBe('refused');
  });
});
