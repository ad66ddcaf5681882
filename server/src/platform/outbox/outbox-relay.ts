import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { Client } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { DomainEvents } from '../events/domain-events';
import { JOB_BACKEND, type JobBackend, type JobMap, type JobName } from '../jobs/job-queue';
import { OUTBOX_CHANNEL, OutboxRepository, type OutboxRow } from './outbox.repository';

/** Messages taken per transaction. */
const BATCH_SIZE = 100;
/** The safety net: a pass this often even without a NOTIFY (one lost while the listener reconnected). */
const SWEEP_INTERVAL_MS = 5_000;
/** First retry of a failed hand-off; doubles per attempt up to RETRY_MAX_MS. */
const RETRY_BASE_MS = 500;
const RETRY_MAX_MS = 5 * 60_000;
/** Pending messages that are due but held by another relay are looked at again after this. */
const HELD_ELSEWHERE_MS = 200;
const LISTEN_RECONNECT_MS = 1_000;
/** How long wakeSoon gathers writes before a pass: short next to what a member notices of a notification. */
const WAKE_SOON_MS = 50;
/** Messages handed on are kept this long (for the operator), then dropped. */
const KEEP_DELIVERED_HOURS = 7 * 24;
const PRUNE_INTERVAL_MS = 60 * 60_000;

const SAVEPOINT = 'outbox_consumer';

interface RelayedBatch {
  taken: number;
  /** When the next pending message is due, as OutboxRepository.nextDueInMs says, read at the end of the batch. */
  dueInMs: number | null;
}

/**
 * The savepoint around each consumer, so a failing consumer's writes are undone alone. It costs
 * one command per consumer: the savepoint of a consumer that succeeded is released and set again
 * for the next in one command, one rolled back to stays set, and the last is left to the commit.
 */
class ConsumerSavepoint {
  private state: 'none' | 'fresh' | 'used' = 'none';

  constructor(readonly manager: EntityManager) {}

  async before(): Promise<void> {
    if (this.state === 'none') await this.manager.query(`SAVEPOINT ${SAVEPOINT}`);
    else if (this.state === 'used') await this.manager.query(`RELEASE SAVEPOINT ${SAVEPOINT}; SAVEPOINT ${SAVEPOINT}`);
    this.state = 'fresh';
  }

  /** The consumer's writes are kept: the next consumer needs a savepoint of its own. */
  succeeded(): void {
    this.state = 'used';
  }

  async rollBack(): Promise<void> {
    await this.manager.query(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`);
    this.state = 'fresh';
  }
}

function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** attempts, RETRY_MAX_MS);
}

/**
 * Hands outbox messages on after their transaction committed: each domain event to its
 * consumers, each job to the job backend. It runs in every process (embedded and scaled alike):
 * a NOTIFY sent with each outbox write wakes it right after the commit, and a periodic sweep
 * catches what a lost NOTIFY, a failed hand-off or a process that died before relaying left.
 *
 * Each batch is claimed with FOR UPDATE SKIP LOCKED and marked handed on in the same
 * transaction, so two relays never hand a message on twice, and a relay dying midway leaves the
 * message pending for the next one. A consumer's "done" is recorded in that transaction too, and
 * each consumer runs in a savepoint: when one consumer of an event fails, its writes are undone
 * and the event is tried again later for it alone.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private stopped = true;
  private pass: Promise<void> | null = null;
  private passAgain = false;
  private listener: Client | null = null;
  private sweepTimer: NodeJS.Timeout | undefined;
  private dueTimer: NodeJS.Timeout | undefined;
  private listenTimer: NodeJS.Timeout | undefined;
  private soonTimer: NodeJS.Timeout | undefined;
  private lastPruneAt = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly events: DomainEvents,
    @Inject(JOB_BACKEND) private readonly jobs: JobBackend,
    private readonly logger: PinoLogger,
  ) {}

  /** Consumers and job processors are all defined by now (onModuleInit runs first). */
  onApplicationBootstrap(): void {
    this.stopped = false;
    void this.listen();
    this.sweepTimer = setInterval(() => this.wake(), SWEEP_INTERVAL_MS);
    this.wake();
  }

  /** Before the job backend drains and the database closes: finish the pass under way, start none. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweepTimer);
    clearTimeout(this.dueTimer);
    clearTimeout(this.listenTimer);
    clearTimeout(this.soonTimer);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.pass;
  }

  /**
   * A pass within WAKE_SOON_MS, for a write that sent no NOTIFY (see MessagesService): the
   * writes of that moment are handed on in one batch, not one transaction each.
   */
  wakeSoon(): void {
    if (this.stopped || this.soonTimer) return;
    this.soonTimer = setTimeout(() => {
      this.soonTimer = undefined;
      this.wake();
    }, WAKE_SOON_MS);
  }

  /** Starts a pass over the due messages, or one more after the pass under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.pass) {
      this.passAgain = true;
      return;
    }
    this.pass = this.relayDue()
      .catch((error: unknown) => this.logger.warn({ err: (error as Error).message }, 'outbox relay pass failed'))
      .finally(() => {
        this.pass = null;
        if (this.passAgain) {
          this.passAgain = false;
          this.wake();
        }
      });
  }

  private async relayDue(): Promise<void> {
    let batch: RelayedBatch | null = null;
    while (!this.stopped) {
      batch = await this.dataSource.transaction((manager) => this.relayBatch(manager));
      if (batch.taken < BATCH_SIZE) break;
    }
    if (this.stopped || !batch) return;
    await this.pruneNowAndThen();
    clearTimeout(this.dueTimer);
    if (batch.dueInMs !== null && batch.dueInMs < SWEEP_INTERVAL_MS) {
      this.dueTimer = setTimeout(() => this.wake(), Math.max(batch.dueInMs, HELD_ELSEWHERE_MS));
    }
  }

  /**
   * One transaction: claim, hand on, and record it all in one closing statement (which also says
   * when the next pending message is due). Round trips are what a batch costs, so an event tried
   * for the first time does not ask which consumers already handled it (none can have: that is
   * only ever committed with its retry), and consecutive consumers share one savepoint command.
   */
  private async relayBatch(manager: EntityManager): Promise<RelayedBatch> {
    const messages = await this.outbox.claimDue(manager, BATCH_SIZE);
    if (messages.length === 0) return { taken: 0, dueInMs: await this.outbox.nextDueInMs(manager) };
    const retried = messages.filter((message) => message.kind === 'event' && message.attempts > 0).map((message) => message.id);
    const done = retried.length > 0 ? await this.outbox.consumersDone(manager, retried) : new Map<string, Set<string>>();
    const savepoint = new ConsumerSavepoint(manager);
    const consumed: Array<{ messageId: string; consumer: string }> = [];
    const delivered: string[] = [];
    for (const message of messages) {
      const failure =
        message.kind === 'event'
          ? await this.deliverEvent(savepoint, message, done.get(message.id) ?? new Set(), consumed)
          : await this.handOffJob(message);
      if (failure === null) {
        delivered.push(message.id);
      } else {
        const retryInMs = retryDelayMs(message.attempts);
        this.logger.warn({ outboxId: message.id, name: message.name, attempt: message.attempts + 1, retryInMs, err: failure }, 'outbox message not handed on, retrying');
        await this.outbox.retryLater(manager, message.id, retryInMs, failure);
      }
    }
    return { taken: messages.length, dueInMs: await this.outbox.finishBatch(manager, consumed, delivered) };
  }

  /** Runs each consumer that has not handled the event yet, noting those that did; answers the first failure, or null. */
  private async deliverEvent(
    savepoint: ConsumerSavepoint,
    event: OutboxRow,
    done: Set<string>,
    consumed: Array<{ messageId: string; consumer: string }>,
  ): Promise<string | null> {
    let failure: string | null = null;
    for (const consumer of this.events.consumersOf(event.name)) {
      if (done.has(consumer.id)) continue;
      await savepoint.before();
      try {
        await consumer.handle(event.payload as never, { eventId: event.id, manager: savepoint.manager });
        savepoint.succeeded();
        consumed.push({ messageId: event.id, consumer: consumer.id });
      } catch (error) {
        await savepoint.rollBack();
        failure ??= `${consumer.id}: ${(error as Error).message}`;
      }
    }
    return failure;
  }

  /** Queues the job on the backend (BullMQ dedupes a repeat by job id); null when it took it. */
  private async handOffJob(job: OutboxRow): Promise<string | null> {
    if (!this.jobs.canAccept()) return 'job backend unavailable';
    const delayMs = job.run_at ? Math.max(0, new Date(job.run_at).getTime() - Date.now()) : 0;
    try {
      await this.jobs.enqueue(job.name as JobName, job.payload as JobMap[JobName], { jobId: job.job_id ?? `outbox-${job.id}`, delayMs });
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPruneAt < PRUNE_INTERVAL_MS) return;
    this.lastPruneAt = Date.now();
    await this.outbox.pruneDelivered(this.dataSource.manager, KEEP_DELIVERED_HOURS);
  }

  /** LISTEN on its own connection, reconnected when lost (with a pass, for what was missed meanwhile). */
  private async listen(): Promise<void> {
    if (this.stopped) return;
    const options = this.dataSource.options as PostgresConnectionOptions;
    const client = new Client({ connectionString: options.url, application_name: 'seyirlik-outbox' });
    const retry = () => {
      if (this.listener !== client) return;
      this.listener = null;
      void client.end().catch(() => undefined);
      if (!this.stopped) this.listenTimer = setTimeout(() => void this.listen(), LISTEN_RECONNECT_MS);
    };
    this.listener = client;
    client.on('notification', () => this.wake());
    client.on('error', (error) => {
      this.logger.warn({ err: error.message }, 'outbox listener lost, reconnecting');
      retry();
    });
    client.on('end', retry);
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      this.wake();
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'outbox listener could not connect, retrying');
      retry();
    }
  }
}
