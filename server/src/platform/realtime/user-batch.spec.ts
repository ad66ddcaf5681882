import type { UserDelivery } from './realtime.types';
import { packUserBatch, unpackPayload } from './user-batch';

/** What a process receives: the packed batch through JSON, as Redis carries it. */
const overTheWire = (deliveries: UserDelivery[]) => JSON.parse(JSON.stringify(packUserBatch(deliveries))) as ReturnType<typeof packUserBatch>;

const notice = (userId: number, index: number): UserDelivery => ({
  userId,
  payload: {
    notification: {
      id: 1000 + index,
      seq: 1 + (index % 3),
      kind: index % 5 === 0 ? 'title.aired' : 'episode.new',
      actor: null,
      actorCount: 0,
      text: index % 5 === 0 ? 'Haber vermemizi istediğiniz Dizi yayında' : 'Takip ettiğiniz Dizi için yeni bölüm: 1. Sezon 2. Bölüm',
      link: '/dizi/dizi/1-sezon/2-bolum',
      read: false,
      tags: ['yeni', 'bölüm'],
      createdAt: '2026-01-01T10:00:00.000Z',
    },
    unreadCount: index,
  },
});

describe('packUserBatch', () => {
  it('gives every member back the payload it was given', () => {
    const deliveries = Array.from({ length: 40 }, (_unused, index) => notice(500 + index, index));

    const sut = overTheWire(deliveries);

    expect(sut.userIds).toEqual(deliveries.map((delivery) => delivery.userId));
    expect(deliveries.map((_delivery, index) => unpackPayload(sut, index))).toEqual(deliveries.map((delivery) => delivery.payload));
  });

  it('sends what the members share once, so a batch is far smaller than its payloads', () => {
    const deliveries = Array.from({ length: 1000 }, (_unused, index) => notice(500 + index, index));

    expect(JSON.stringify(packUserBatch(deliveries)).length * 5).toBeLessThan(JSON.stringify(deliveries).length);
  });

  it('keeps payloads of different shapes as they are', () => {
    const deliveries: UserDelivery[] = [
      { userId: 1, payload: { id: null, reason: 'logout' } },
      { userId: 2, payload: { id: 7 } },
      { userId: 3, payload: 'metin' },
      { userId: 4, payload: {} },
    ];

    const sut = overTheWire(deliveries);

    expect(deliveries.map((_delivery, index) => unpackPayload(sut, index))).toEqual(deliveries.map((delivery) => delivery.payload));
  });
});
