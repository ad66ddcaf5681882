import type { EntityManager } from 'typeorm';
import { DomainEvents } from '../../platform/events/domain-events';
import { OutboxRepository } from '../../platform/outbox/outbox.repository';
import { airedSql } from '../aired';

/** Episodes released per statement and per event: bounds both when an import adds a whole catalog. */
const RELEASE_BATCH = 1000;

/**
 * Episodes that just became visible to members (aired, see `airedSql`): added by an import after
 * their air time, or reached by it later. Each episode is released once (episode_release).
 */
export interface EpisodeReleasedEvent {
  /** Ascending; at most RELEASE_BATCH per event. */
  episodeIds: number[];
}

declare module '../../platform/events/domain-events' {
  interface DomainEventMap {
    'episode.released': EpisodeReleasedEvent;
  }
}

/**
 * The release of new episodes (see the EpisodeRelease migration): an import schedules the
 * episodes it adds, and releasing claims the scheduled ones that have aired and publishes
 * `episode.released` in the same transaction, so the event exists exactly when the claim
 * committed. A plain class: the import CLI uses it without the application around it.
 */
export class EpisodeReleases {
  constructor(private readonly events: DomainEvents = new DomainEvents(new OutboxRepository())) {}

  /** Schedules newly added episodes, in the transaction that adds them. */
  async schedule(manager: EntityManager, episodeIds: readonly number[]): Promise<void> {
    if (episodeIds.length === 0) return;
    await manager.query('INSERT INTO episode_release (episode_id) SELECT unnest($1::int[]) ON CONFLICT DO NOTHING', [episodeIds]);
  }

  /**
   * Releases every scheduled episode that has aired, a batch per statement, and publishes the
   * event of each batch; answers how many. Rows another transaction holds are skipped (it
   * releases them), so processes running this at once release each episode once.
   */
  async releaseDue(manager: EntityManager): Promise<number> {
    let released = 0;
    for (;;) {
      const rows = (await manager.query(
        `WITH due AS (
           SELECT r.episode_id FROM episode_release r JOIN episode e ON e.id = r.episode_id
            WHERE r.released_at IS NULL AND ${airedSql('e')}
            ORDER BY r.episode_id LIMIT $1
              FOR UPDATE OF r SKIP LOCKED
         ),
         released AS (
           UPDATE episode_release r SET released_at = now() FROM due WHERE r.episode_id = due.episode_id
           RETURNING r.episode_id
         )
         SELECT episode_id FROM released`,
        [RELEASE_BATCH],
      )) as Array<{ episode_id: number }>;
      if (rows.length > 0) {
        const episodeIds = rows.map((row) => row.episode_id).sort((a, b) => a - b);
        await this.events.publish(manager, 'episode.released', { episodeIds });
      }
      released += rows.length;
      if (rows.length < RELEASE_BATCH) return released;
    }
  }

  /** Milliseconds until the next scheduled episode airs (0 when one is due), or null when none is scheduled. */
  async nextDueInMs(manager: EntityManager): Promise<number | null> {
    const [row] = (await manager.query(
      `SELECT (EXTRACT(EPOCH FROM (min(e.air_at) - now())) * 1000)::float8 AS due_in
         FROM episode_release r JOIN episode e ON e.id = r.episode_id
        WHERE r.released_at IS NULL`,
    )) as Array<{ due_in: number | null }>;
    // min() of no rows is NULL: nothing pending (GREATEST would have turned it into 0, due now).
    return row?.due_in == null ? null : Math.max(0, row.due_in);
  }
}
