import type { PinoLogger } from 'nestjs-pino';
import type { AppConfig } from '../config/config';
import { CoalescedCounts } from './coalesced-counts';

describe('CoalescedCounts without Redis', () => {
  // One group ('post') of two parts: a key's push carries both, the part without counts for it as null.
  const WINDOW = 250;
  let sut: CoalescedCounts;
  let committed: Map<string, number>;
  let pushes: Array<[string, number]>;

  beforeEach(() => {
    jest.useFakeTimers();
    sut = new CoalescedCounts(null, { redisPrefix: 'test' } as AppConfig, { warn: jest.fn() } as unknown as PinoLogger);
    committed = new Map();
    pushes = [];
    sut.register('post', 'votes', async (keys) => new Map(keys.map((key) => [key, committed.get(key) ?? 0])));
    sut.register('post', 'others', async () => new Map());
    sut.deliver('post', WINDOW, (key, parts) => pushes.push([key, parts.votes as number]));
  });

  afterEach(() => {
    sut.onApplicationShutdown();
    jest.useRealTimers();
  });

  /** One more committed change of `key`, told as a service tells it after its commit. */
  const change = (key: string) => {
    committed.set(key, (committed.get(key) ?? 0) + 1);
    sut.changed('post', key);
  };

  it('pushes a burst of 100 changes over a second at most once per window, the last push final', async () => {
    for (let index = 0; index < 100; index += 1) {
      change('7');
      await jest.advanceTimersByTimeAsync(10);
    }
    await jest.advanceTimersByTimeAsync(WINDOW * 3);

    expect(pushes.length).toBeLessThanOrEqual(Math.ceil(1000 / WINDOW) + 1);
    expect(pushes.at(-1)).toEqual(['7', 100]);
  });

  it('pushes a change made just before the previous window’s timer fires, after its own window', async () => {
    change('7');
    await jest.advanceTimersByTimeAsync(WINDOW - 5);
    change('7');
    await jest.advanceTimersByTimeAsync(10);
    change('7');
    await jest.advanceTimersByTimeAsync(WINDOW * 2);

    expect(pushes.at(-1)).toEqual(['7', 3]);
  });

  it('keeps the windows of different keys apart', async () => {
    change('1');
    change('2');
    change('2');
    await jest.advanceTimersByTimeAsync(WINDOW + 5);

    expect(pushes.sort()).toEqual([
      ['1', 1],
      ['2', 2],
    ]);
  });
});
