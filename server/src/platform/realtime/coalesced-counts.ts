import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { PinoLogger } from 'nestjs-pino';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { REDIS } from '../redis/redis.module';

/** Reads the committed counts of one part (a post's poll results, its reactions) for some keys, in one query. */
export type CountsReader = (keys: readonly string[]) => Promise<Map<string, unknown>>;

/** Pushes one key's counts to its viewers: each part's counts by part name (null for a part the key has none of). */
export type CountsPush = (key: string, parts: Record<string, unknown>) => void;

/** How long before a window's end its Redis claim ends, so a change that lost the claim always committed before the owner reads. */
const CLAIM_MARGIN_MS = 10;
/** A key's push lock (read, push, release) lasts at most this long, and a flush waits for it at most this long. */
const PUSH_LOCK_TTL_MS = 5_000;
const PUSH_LOCK_WAIT_MS = 2_000;
const PUSH_LOCK_RETRY_MS = 10;
/** Releases a push lock only if it is still the holder's. */
const RELEASE_LOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/** The parts of a group of counts and how they reach viewers. */
interface CountsGroup {
  readers: Map<string, CountsReader>;
  delivery: { windowMs: number; push: CountsPush } | null;
}

/**
 * Live counts, coalesced: under a burst of changes to one key (a post), its viewers get at most one
 * push per window across all server processes, holding every part's counts (a post's poll results
 * and reactions together), and the last push holds the final counts.
 *
 * After a change committed, `changed(group, key)` claims the key's window (a Redis `SET NX PX`
 * shared by every process; in this process's memory without Redis, or while Redis is away). The
 * claimant reads every part's counts from the database when its window ends and pushes them; every
 * other change inside the window only finds the claim taken. The claim ends a little before the
 * window, so a change that found it taken committed before the claimant's read starts: the read
 * sees it. A change after the claim ended claims the next window. Counts are read, never added up
 * in memory, and carry their versions so a page keeps the newest. Reading and pushing a key holds
 * its push lock (in Redis, across processes; flushes also run one at a time in a process), so a
 * slow read never pushes older counts after a newer push: the last push is the final counts.
 *
 * Features register their part's reader (`register`) and the group's delivery (`deliver`) when
 * their modules start, in any order.
 */
@Injectable()
export class CoalescedCounts implements OnApplicationShutdown {
  private readonly groups = new Map<string, CountsGroup>();
  /** A timer per key whose window this process holds; `again` when it won the next window before this one's timer fired. */
  private readonly timers = new Map<string, { timer: NodeJS.Timeout; again: boolean }>();
  /** Keys whose window ended, by group, read together (one query per part). */
  private readonly due = new Map<string, Set<string>>();
  private flushScheduled = false;
  /** Flushes of this process run one after another. */
  private flushing: Promise<void> = Promise.resolve();
  /** Claims without Redis (or while it is away): when each key's window claim ends. */
  private readonly localClaims = new Map<string, number>();
  private closed = false;

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  private group(name: string): CountsGroup {
    const group = this.groups.get(name) ?? { readers: new Map<string, CountsReader>(), delivery: null };
    this.groups.set(name, group);
    return group;
  }

  /** A part of the group's counts, read when a window ends. */
  register(groupName: string, part: string, read: CountsReader): void {
    const group = this.group(groupName);
    if (group.readers.has(part)) throw new Error(`counts part "${groupName}.${part}" is registered twice`);
    group.readers.set(part, read);
  }

  /** How the group's counts reach viewers; `windowMs` is the shortest time between two pushes of a key. */
  deliver(groupName: string, windowMs: number, push: CountsPush): void {
    const group = this.group(groupName);
    if (group.delivery) throw new Error(`counts group "${groupName}" already has its delivery`);
    group.delivery = { windowMs, push };
  }

  /** Some of the key's counts changed and committed: its viewers get them by the end of the current window. */
  changed(groupName: string, key: string): void {
    const delivery = this.groups.get(groupName)?.delivery;
    if (!delivery || this.closed) return;
    const claimKey = `${this.config.redisPrefix}:counts:${groupName}:${key}`;
    void this.claim(claimKey, delivery.windowMs).then((claimed) => {
      if (claimed && !this.closed) this.schedule(groupName, key, claimKey, delivery.windowMs);
    });
  }

  private async claim(claimKey: string, windowMs: number): Promise<boolean> {
    const ttl = Math.max(1, windowMs - CLAIM_MARGIN_MS);
    if (this.redis && this.redis.status === 'ready') {
      try {
        return (await this.redis.set(claimKey, '1', 'PX', ttl, 'NX')) === 'OK';
      } catch {
        // Redis away: this process pushes on its own (more pushes, never a lost one).
      }
    }
    const now = Date.now();
    if ((this.localClaims.get(claimKey) ?? 0) > now) return false;
    this.localClaims.set(claimKey, now + ttl);
    return true;
  }

  /**
   * Reads and pushes the key's counts when its window ends. A claim can be won again just before the
   * previous window's timer fires (the claim ends a little earlier): that timer then runs once more,
   * a window later, so the new claim's changes are read after it ended too.
   */
  private schedule(groupName: string, key: string, claimKey: string, windowMs: number): void {
    const running = this.timers.get(claimKey);
    if (running) {
      running.again = true;
      return;
    }
    const entry = {
      again: false,
      timer: setTimeout(() => {
        this.timers.delete(claimKey);
        if ((this.localClaims.get(claimKey) ?? 0) <= Date.now()) this.localClaims.delete(claimKey);
        const keys = this.due.get(groupName) ?? new Set<string>();
        this.due.set(groupName, keys.add(key));
        if (!this.flushScheduled) {
          this.flushScheduled = true;
          setImmediate(() => {
            this.flushing = this.flushing.then(() => this.flush());
          });
        }
        if (entry.again && !this.closed) this.schedule(groupName, key, claimKey, windowMs);
      }, windowMs),
    };
    this.timers.set(claimKey, entry);
  }

  /** Reads every part's counts of the keys whose window ended, one query per part, and pushes them. */
  private async flush(): Promise<void> {
    this.flushScheduled = false;
    const due = [...this.due];
    this.due.clear();
    await Promise.all(
      due.map(async ([groupName, keySet]) => {
        const group = this.groups.get(groupName);
        if (!group?.delivery || this.closed) return;
        const keys = [...keySet];
        const locks = await Promise.all(keys.map((key) => this.lockPush(`${this.config.redisPrefix}:counts:${groupName}:${key}:push`)));
        try {
          const parts = await Promise.all([...group.readers].map(async ([part, read]) => [part, await read(keys)] as const));
          for (const key of keys) {
            if (!parts.some(([, counts]) => counts.has(key))) continue;
            group.delivery.push(key, Object.fromEntries(parts.map(([part, counts]) => [part, counts.get(key) ?? null])));
          }
        } catch (error) {
          // Pages keep their last counts; the next change pushes the then exact ones.
          this.logger.warn({ err: error, group: groupName, keys: keys.length }, 'counts push failed');
        } finally {
          await Promise.all(locks.map((lock) => this.releasePush(lock)));
        }
      }),
    );
  }

  /**
   * Takes the key's push lock in Redis, waiting for another process's read and push to finish
   * (at most PUSH_LOCK_WAIT_MS); null without Redis, while it is away, or after the wait.
   */
  private async lockPush(lockKey: string): Promise<{ key: string; token: string } | null> {
    const token = randomUUID();
    const deadline = Date.now() + PUSH_LOCK_WAIT_MS;
    while (this.redis && this.redis.status === 'ready' && !this.closed) {
      try {
        if ((await this.redis.set(lockKey, token, 'PX', PUSH_LOCK_TTL_MS, 'NX')) === 'OK') return { key: lockKey, token };
      } catch {
        return null;
      }
      if (Date.now() > deadline) return null;
      await sleep(PUSH_LOCK_RETRY_MS);
    }
    return null;
  }

  private async releasePush(lock: { key: string; token: string } | null): Promise<void> {
    if (!lock || !this.redis) return;
    try {
      await this.redis.eval(RELEASE_LOCK, 1, lock.key, lock.token);
    } catch {
      // It ends by itself after PUSH_LOCK_TTL_MS.
    }
  }

  onApplicationShutdown(): void {
    this.closed = true;
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
