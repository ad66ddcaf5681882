import { once } from 'node:events';
import { Redis } from 'ioredis';
import { loadConfig } from '../../src/platform/config/config';
import { RateLimitService } from '../../src/platform/rate-limit/rate-limit.service';
import { TEST_REDIS_URL } from '../support/services';
import { uniqueRedisPrefix } from '../support/test-database';

const rule = { points: 3, windowSeconds: 60 };

describe('rate limits', () => {
  it('in memory: allows the rule’s number of requests per key, then says when to retry', async () => {
    const sut = new RateLimitService(null, loadConfig({}));

    const verdicts = [];
    for (let index = 0; index < 4; index += 1) verdicts.push(await sut.consume('login', rule, '203.0.113.9'));

    expect(verdicts.slice(0, 3)).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }]);
    expect(verdicts[3]).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
    expect((verdicts[3] as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(50);
    expect(await sut.consume('login', rule, '198.51.100.1')).toEqual({ allowed: true });
  });

  describe('on Redis', () => {
    const clients: Redis[] = [];
    afterAll(() => clients.forEach((client) => client.disconnect()));

    function service(prefix: string): RateLimitService {
      const client = new Redis(TEST_REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      clients.push(client);
      return new RateLimitService(client, loadConfig({ REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix }));
    }

    it('shares the count between server processes', async () => {
      const prefix = uniqueRedisPrefix();
      const processA = service(prefix);
      const processB = service(prefix);
      // Until a client is ready the limiter counts in memory (its insurance), which is per process.
      await Promise.all(clients.map((client) => (client.status === 'ready' ? undefined : once(client, 'ready'))));

      const verdicts = [
        await processA.consume('register', rule, 'ip-1'),
        await processB.consume('register', rule, 'ip-1'),
        await processA.consume('register', rule, 'ip-1'),
        await processB.consume('register', rule, 'ip-1'),
      ];

      expect(verdicts.map((verdict) => verdict.allowed)).toEqual([true, true, true, false]);
    });
  });
});
