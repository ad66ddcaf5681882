import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { DomainEvents } from '../../platform/events/domain-events';
import { EpisodeReleases } from './episode-releases';

/**
 * The longest wait between two looks: an import may schedule an episode airing sooner than the
 * one the timer was set for. A look is one query on the (small) set of scheduled episodes.
 */
const MAX_WAIT_MS = 5_000;
/** The shortest: an aired episode another process is releasing right now is looked at again after this. */
const MIN_WAIT_MS = 50;

/**
 * Releases scheduled episodes as their air time passes. Every process (server and worker) runs
 * it: the release claims rows with SKIP LOCKED and marks them in the same transaction, so each
 * episode is released once whichever process looks first, and an episode that aired while no
 * process ran is released by the first one to start. It sleeps until the next air time, at most
 * MAX_WAIT_MS.
 */
@Injectable()
export class EpisodeReleaseScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly releases: EpisodeReleases;
  private timer: NodeJS.Timeout | undefined;
  private look: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly dataSource: DataSource,
    events: DomainEvents,
    private readonly logger: PinoLogger,
  ) {
    this.releases = new EpisodeReleases(events);
  }

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.wakeIn(0);
  }

  /** Before the database closes: finish the look under way, start none. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.look;
  }

  private wakeIn(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.look = this.releaseDue().finally(() => {
        this.look = null;
      });
    }, delayMs);
  }

  private async releaseDue(): Promise<void> {
    let nextInMs: number | null = null;
    try {
      const released = await this.dataSource.transaction((manager) => this.releases.releaseDue(manager));
      if (released > 0) this.logger.info({ released }, 'episodes released');
      nextInMs = await this.releases.nextDueInMs(this.dataSource.manager);
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'episode release failed, trying again');
    }
    this.wakeIn(Math.max(MIN_WAIT_MS, Math.min(nextInMs ?? MAX_WAIT_MS, MAX_WAIT_MS)));
  }
}
