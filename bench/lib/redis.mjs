// In scaled mode the app writes to a shared Redis. The bench gives it a key prefix of its own
// and deletes those keys afterwards, so runs neither collide nor leave anything behind.
import { Redis } from 'ioredis';

/** Deletes every key starting with `${prefix}:`; returns how many went. */
export async function deleteKeysWithPrefix(redisUrl, prefix) {
  // One attempt, no reconnect loop: a cleanup step must fail fast and say why.
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000, retryStrategy: () => null });
  let lastError = null;
  redis.on('error', (error) => {
    lastError = error;
  });
  await redis.connect().catch((error) => {
    throw new Error(`cannot reach Redis at ${redactUrl(redisUrl)}: ${(lastError ?? error).message}`);
  });
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) deleted += await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}

/** The URL with any password hidden, for printing. */
export function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}
