import { Inject, type INestApplicationContext, Module, type OnModuleInit } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { loadConfig } from '../../src/platform/config/config';
import { dataSourceOptions, migrate } from '../../src/platform/database/data-source';
import { DomainEvents, type DomainEventHandler } from '../../src/platform/events/domain-events';
import { createLogger } from '../../src/platform/logging/logger';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { OutboxRepository } from '../../src/platform/outbox/outbox.repository';
import { createTestDatabase, type TestDatabase, uniqueRedisPrefix } from '../support/test-database';

declare module '../../src/platform/events/domain-events' {
  interface DomainEventMap {
    'test.happened': { value: number };
  }
}

type Consumers = Record<string, DomainEventHandler<'test.happened'>>;

/** A process of the embedded mode (no Redis) whose consumers of `test.happened` subscribe at start, as a feature's do. */
async function startProcess(databaseUrl: string, consumers: Consumers): Promise<INestApplicationContext> {
  @Module({})
  class ConsumersModule implements OnModuleInit {
    constructor(@Inject(DomainEvents) private readonly events: DomainEvents) {}

    onModuleInit(): void {
      for (const [id, handle] of Object.entries(consumers)) this.events.subscribe('test.happened', id, handle);
    }
  }
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', REDIS_PREFIX: uniqueRedisPrefix() });
  const logger = createLogger(config);
  const app = await NestFactory.createApplicationContext(
    { module: class Process {}, imports: [AppModule.forRoot({ config, databaseUrl, logger, role: 'worker' }), ConsumersModule] },
    { logger: false },
  );
  await app.init();
  return app;
}

function publish(app: INestApplicationContext, value: number): Promise<void> {
  return app.get(DataSource).transaction((manager) => app.get(DomainEvents).publish(manager, 'test.happened', { value }));
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolveWait) => setTimeout(resolveWait, 20));
  }
}

describe('domain events through the outbox', () => {
  let database: TestDatabase;
  const running: INestApplicationContext[] = [];
  const start = async (consumers: Consumers) => {
    const app = await startProcess(database.url, consumers);
    running.push(app);
    return app;
  };
  const pending = async (app: INestApplicationContext) =>
    Number((await app.get(DataSource).query('SELECT count(*) AS n FROM outbox_message WHERE delivered_at IS NULL'))[0].n);

  beforeEach(async () => {
    database = await createTestDatabase();
    await migrate(database.url);
  });

  afterEach(async () => {
    for (const app of running.splice(0)) await app.close();
    await database.drop();
  });

  it('hands an event committed by a process that stopped before relaying it to the consumer of the next process, once', async () => {
    // The publishing "process": the change and its event commit, and no relay ever runs there.
    const dead = new DataSource(dataSourceOptions(database.url));
    await dead.initialize();
    await dead.transaction((manager) => new DomainEvents(new OutboxRepository()).publish(manager, 'test.happened', { value: 1 }));
    await dead.destroy();
    const seen: number[] = [];

    const sut = await start({ 'test.recorder': ({ value }) => void seen.push(value) });
    await publish(sut, 2);

    await waitFor(() => seen.includes(2));
    expect(seen).toEqual([1, 2]);
    await waitFor(async () => (await pending(sut)) === 0);
  });

  it('delivers each event once when two relays work over the same rows at once', async () => {
    const seen: number[] = [];
    const consumer = { 'test.counter': ({ value }: { value: number }) => void seen.push(value) };
    const [first, second] = [await start(consumer), await start(consumer)];
    const values = Array.from({ length: 300 }, (_unused, index) => index);

    // 30 transactions of 10 events, from both processes; every commit wakes both relays.
    await Promise.all(
      Array.from({ length: 30 }, (_unused, batch) =>
        (batch % 2 ? first : second).get(DataSource).transaction(async (manager) => {
          for (const value of values.slice(batch * 10, batch * 10 + 10)) {
            await first.get(DomainEvents).publish(manager, 'test.happened', { value });
          }
        }),
      ),
    );
    await waitFor(async () => (await pending(first)) === 0);
    await publish(second, -1);
    await waitFor(() => seen.includes(-1));

    expect(seen.filter((value) => value >= 0).sort((a, b) => a - b)).toEqual(values);
  });

  it('retries a failing consumer until it succeeds, without running the consumers that succeeded again', async () => {
    const steady: number[] = [];
    const flakyAttempts: number[] = [];
    const sut = await start({
      'test.steady': ({ value }) => void steady.push(value),
      'test.flaky': ({ value }) => {
        flakyAttempts.push(value);
        if (flakyAttempts.filter((seenValue) => seenValue === value).length === 1) throw new Error('temporary failure');
      },
    });

    await publish(sut, 7);
    await waitFor(() => flakyAttempts.length === 2);
    await publish(sut, 8);
    await waitFor(() => flakyAttempts.filter((value) => value === 8).length === 2);

    expect(steady).toEqual([7, 8]);
    expect(flakyAttempts).toEqual([7, 7, 8, 8]);
    // The consumer has returned; the relay marks the event handed on when its transaction commits, just after.
    const delivered = async () =>
      (await sut.get(DataSource).query('SELECT attempts, delivered_at IS NOT NULL AS delivered FROM outbox_message ORDER BY id')) as Array<{
        attempts: number;
        delivered: boolean;
      }>;
    await waitFor(async () => (await delivered()).every((row) => row.delivered));
    const rows = await delivered();
    expect(flakyAttempts).toEqual([7, 7, 8, 8]);
    expect(rows).toEqual([
      { attempts: 1, delivered: true },
      { attempts: 1, delivered: true },
    ]);
  });

  it('an idle relay looks at the outbox on its sweep only, and a message due later wakes it when due', async () => {
    const seen: number[] = [];
    const sut = await start({ 'test.recorder': ({ value }) => void seen.push(value) });
    const outbox = sut.get(OutboxRepository);
    await waitFor(async () => (await pending(sut)) === 0);
    expect(await outbox.nextDueInMs(sut.get(DataSource).manager)).toBeNull();

    const claims = jest.spyOn(outbox, 'claimDue');
    await new Promise((resolveWait) => setTimeout(resolveWait, 1_500));
    // Nothing pending: no pass until the sweep (every 5 s), rather than one every few milliseconds.
    expect(claims.mock.calls.length).toBeLessThanOrEqual(1);

    // An event due in a second (as a retry is): the pass that finds it sets its timer for it.
    await sut.get(DataSource).query(
      `INSERT INTO outbox_message (kind, name, payload, available_at) VALUES ('event', 'test.happened', '{"value":3}', now() + interval '1 second')`,
    );
    const dueInMs = await outbox.nextDueInMs(sut.get(DataSource).manager);
    expect(dueInMs).toBeGreaterThan(0);
    expect(dueInMs).toBeLessThanOrEqual(1_000);
    claims.mockClear();
    sut.get(OutboxRelay).wake();
    await waitFor(() => seen.includes(3));
    // The wake's pass and the timer's (a sweep may fall in between), not a pass every few milliseconds.
    expect(claims.mock.calls.length).toBeLessThanOrEqual(3);
    claims.mockRestore();
  });

  it('hands the writes of a moment that sent no NOTIFY on in one pass when woken soon', async () => {
    const seen: number[] = [];
    const sut = await start({ 'test.recorder': ({ value }) => void seen.push(value) });
    const outbox = sut.get(OutboxRepository);
    // The start's passes are over (the last one follows the listener's LISTEN).
    await waitFor(async () => {
      const [row] = (await sut.get(DataSource).query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'seyirlik-outbox' AND query LIKE 'LISTEN%'",
      )) as Array<{ n: number }>;
      return row!.n === 1 && (await pending(sut)) === 0;
    });
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    const claims = jest.spyOn(outbox, 'claimDue');
    const relay = sut.get(OutboxRelay);

    // Five writes of one moment, as the private messages' send statement writes its event: no
    // NOTIFY, each writer wakes its relay. Written at once: five round trips in a row took longer
    // than the relay gathers wakes on a slow machine, which is not what this is about.
    await sut.get(DataSource).query(
      `INSERT INTO outbox_message (kind, name, payload) SELECT 'event', 'test.happened', jsonb_build_object('value', v) FROM generate_series(10, 14) AS v ORDER BY v`,
    );
    for (let wake = 0; wake < 5; wake += 1) relay.wakeSoon();
    await waitFor(() => seen.length === 5);

    expect(seen).toEqual([10, 11, 12, 13, 14]);
    const taken = await Promise.all(claims.mock.results.map((result) => result.value as Promise<unknown[]>));
    expect(taken.filter((rows) => rows.length > 0).map((rows) => rows.length)).toEqual([5]);
    claims.mockRestore();
  });

  it("records a write's messages in the write's own transaction, with a statement its connection prepared once", async () => {
    const seen: number[] = [];
    const sut = await start({ 'test.recorder': ({ value }) => void seen.push(value) });
    const dataSource = sut.get(DataSource);
    const countQuery = 'SELECT count(*)::int AS n FROM outbox_message';

    const inside = await dataSource.transaction(async (manager) => {
      await sut.get(DomainEvents).publish(manager, 'test.happened', { value: 1 });
      await sut.get(DomainEvents).publish(manager, 'test.happened', { value: 2 });
      const [own] = (await manager.query(countQuery)) as Array<{ n: number }>;
      const [others] = (await dataSource.query(countQuery)) as Array<{ n: number }>;
      const prepared = (await manager.query("SELECT name FROM pg_prepared_statements WHERE name = 'outbox_insert'")) as unknown[];
      return { own: own!.n, others: others!.n, prepared: prepared.length };
    });
    await waitFor(() => seen.length === 2);

    expect(inside).toEqual({ own: 2, others: 0, prepared: 1 });
    expect(seen.sort()).toEqual([1, 2]);
  });

  it("records a message on the pool for a manager with no transaction, and refuses a released query runner's", async () => {
    const seen: number[] = [];
    const sut = await start({ 'test.recorder': ({ value }) => void seen.push(value) });
    const dataSource = sut.get(DataSource);
    const outbox = sut.get(OutboxRepository);

    await outbox.insert(dataSource.manager, { kind: 'event', name: 'test.happened', payload: { value: 3 } });
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    await runner.release();
    await expect(outbox.insert(runner.manager, { kind: 'event', name: 'test.happened', payload: { value: 4 } })).rejects.toThrow(
      QueryRunnerProviderAlreadyReleasedError,
    );
    await waitFor(() => seen.length === 1);

    expect(seen).toEqual([3]);
    expect(Number((await dataSource.query('SELECT count(*) AS n FROM outbox_message'))[0].n)).toBe(1);
  });

  it('hands on nothing of a transaction that rolled back', async () => {
    const seen: number[] = [];
    const sut = await start({ 'test.recorder': ({ value }) => void seen.push(value) });

    await expect(
      sut.get(DataSource).transaction(async (manager) => {
        await sut.get(DomainEvents).publish(manager, 'test.happened', { value: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await publish(sut, 2);
    await waitFor(() => seen.includes(2));

    expect(seen).toEqual([2]);
  });
});
