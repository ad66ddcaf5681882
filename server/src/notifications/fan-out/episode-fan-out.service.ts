import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { NotificationView } from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import type { EntityManager } from 'typeorm';
import type { EpisodeReleasedEvent } from '../../catalog';
import { DomainEvents } from '../../platform/events/domain-events';
import { JOB_QUEUE, type JobContext, type JobQueue } from '../../platform/jobs/job-queue';
import { RealtimeService } from '../../platform/realtime/realtime.service';
import { type ChunkWritten, EpisodeFanOutRepository } from './episode-fan-out.repository';
import { type EpisodeNotice, episodeNotice } from './episode-notices';

declare module '../../platform/jobs/job-queue' {
  interface JobMap {
    /** Tells the followers (and at a premiere the "Haber ver" members) of a released episode's title. */
    'notifications.episodeFanOut': { episodeId: number };
  }
}

const FAN_OUT_JOB = 'notifications.episodeFanOut';
/** Members per chunk: one statement and one transaction each. */
export const FAN_OUT_CHUNK_SIZE = 5_000;
/** Chunks worked on at once, on a connection each; they still commit in member order. */
const FAN_OUT_LANES = 2;
/** A run that fails (the database away, the process stopped) is tried again this many times in all. */
const FAN_OUT_ATTEMPTS = 10;

/** Where a run stands after a chunk committed and was pushed. */
export interface FanOutProgress {
  episodeId: number;
  attempt: number;
  /** The chunk's last member id (the last chunk: the largest id there can be). */
  lastUserId: number;
}

/**
 * The new-episode fan-out. The catalog publishes `episode.released` (an import added an aired
 * episode, or a scheduled one aired); its consumer queues one job per released episode whose
 * title has an audience, in the relay's transaction, so each is queued once. The job tells the
 * audience a chunk at a time (FAN_OUT_CHUNK_SIZE members by member id, one set-based statement
 * each, see EpisodeFanOutRepository; FAN_OUT_LANES chunks at once, committed in member order) and
 * pushes each chunk's notifications to the members' `user:` channels after it committed. Run
 * twice, or stopped half-way and retried, it writes each notification once: a chunk skips the
 * members who already have the episode's row, and a push that never happened is caught up by the
 * client's heartbeat and catch-up from PostgreSQL.
 * In the embedded mode the job runs in-process; with Redis on BullMQ workers.
 */
@Injectable()
export class EpisodeFanOut implements OnModuleInit {
  /** Members per chunk; tests lower it to cross chunk borders with a few members. */
  chunkSize = FAN_OUT_CHUNK_SIZE;
  /** Called after each chunk committed and was pushed; a test throws here to stop a run half-way. */
  afterChunk: ((progress: FanOutProgress) => Promise<void>) | null = null;

  constructor(
    private readonly repository: EpisodeFanOutRepository,
    private readonly events: DomainEvents,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly realtime: RealtimeService,
    private readonly logger: PinoLogger,
  ) {}

  onModuleInit(): void {
    this.jobs.define(FAN_OUT_JOB, { attempts: FAN_OUT_ATTEMPTS, process: (job, context) => this.run(job.episodeId, context) });
    this.events.subscribe('episode.released', 'notifications.episodeFanOut', (event: EpisodeReleasedEvent, { manager }) =>
      this.queue(event, manager),
    );
  }

  /**
   * Tells the audience of a released episode, chunk by chunk; safe to run again. A chunk that
   * fails stops the run (the chunk after it, waiting to commit, rolls back) and fails it, for the
   * queue to retry.
   */
  async run(episodeId: number, context: JobContext): Promise<void> {
    const episode = await this.repository.releasedEpisode(episodeId);
    if (!episode) return;
    const notice = episodeNotice(episode);
    const ranges = await this.repository.chunkRanges(episode, this.chunkSize);
    const committed: Array<Promise<void>> = [];
    let next = 0;
    let stopped = false;
    let told = 0;
    const lane = async (): Promise<void> => {
      while (!stopped && next < ranges.length) {
        const index = next++;
        const range = ranges[index]!;
        const writing = this.repository.tellChunk(episode, notice, range, index === 0 ? Promise.resolve() : committed[index - 1]!);
        committed[index] = writing.then(() => undefined);
        // A failed chunk is reported by its lane; the next chunk only learns it must roll back.
        committed[index].catch(() => undefined);
        try {
          const written = await writing;
          this.push(notice, written);
          told += written.ids.length;
          await this.afterChunk?.({ episodeId, attempt: context.attempt, lastUserId: range.upTo });
        } catch (error) {
          stopped = true;
          throw error;
        }
      }
    };
    const lanes = await Promise.allSettled(Array.from({ length: FAN_OUT_LANES }, lane));
    const failed = lanes.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    this.logger.info({ episodeId, told, chunks: ranges.length, attempt: context.attempt }, 'episode fan-out done');
  }

  private async queue(event: EpisodeReleasedEvent, manager: EntityManager): Promise<void> {
    for (const episodeId of await this.repository.withAudience(manager, event.episodeIds)) {
      await this.jobs.enqueue(FAN_OUT_JOB, { episodeId }, { jobId: `episode-fan-out-${episodeId}`, manager });
    }
  }

  /**
   * Pushes a committed chunk's notifications with each member's unread count, packed into a few
   * messages between processes, each process delivering to the members it holds sockets of
   * (RealtimeService.toUsers). Never throws: a lost push is caught up by the client.
   */
  private push(notice: EpisodeNotice, written: ChunkWritten): void {
    if (written.ids.length === 0) return;
    try {
      const createdAt = written.createdAt.toISOString();
      this.realtime.toUsers(
        'notification.created',
        written.ids.map((id, index) => {
          const kind = written.kinds[index]!;
          const notification: NotificationView = {
            id,
            seq: written.seqs[index]!,
            kind,
            actor: null,
            actorCount: 0,
            text: notice.texts[kind],
            link: notice.link,
            read: false,
            createdAt,
            updatedAt: createdAt,
          };
          return { userId: written.userIds[index]!, payload: { notification, unreadCount: written.unreadCounts[index]! } };
        }),
      );
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'episode notification push failed; clients catch up');
    }
  }
}
