import type { PinoLogger } from 'nestjs-pino';
import { DomainEvents } from './domain-events';

declare module './domain-events' {
  interface DomainEventMap {
    'test.happened': { value: number };
  }
}

function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

describe('DomainEvents', () => {
  const logger = { error: jest.fn() };
  let sut: DomainEvents;

  beforeEach(() => {
    logger.error.mockClear();
    sut = new DomainEvents(logger as unknown as PinoLogger);
  });

  it('hands a published payload to every subscriber of that event, after the publisher returned', async () => {
    const seen: number[] = [];
    sut.subscribe('test.happened', ({ value }) => void seen.push(value));
    sut.subscribe('test.happened', async ({ value }) => void seen.push(value * 10));

    sut.publish('test.happened', { value: 4 });
    expect(seen).toEqual([]);
    await settle();

    expect(seen.sort()).toEqual([4, 40]);
  });

  it('keeps a failing subscriber away from the publisher and the other subscribers', async () => {
    const seen: number[] = [];
    sut.subscribe('test.happened', () => {
      throw new Error('broken subscriber');
    });
    sut.subscribe('test.happened', ({ value }) => void seen.push(value));

    expect(() => sut.publish('test.happened', { value: 1 })).not.toThrow();
    await settle();

    expect(seen).toEqual([1]);
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ event: 'test.happened' }), 'domain event handler failed');
  });

  it('publishes to nobody without a subscriber', async () => {
    expect(() => sut.publish('test.happened', { value: 2 })).not.toThrow();
    await settle();
    expect(logger.error).not.toHaveBeenCalled();
  });
});
