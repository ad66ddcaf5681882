import { Injectable, Optional } from '@nestjs/common';
import { PublicReadCache } from '../platform/http/read-cache/public-read-cache';
import { PublicReadsListener } from '../platform/http/read-cache/public-read-invalidation';

/**
 * Tells what this process holds of the catalog in memory (search's title index) whether it is
 * still the catalog's: `version` moves on at every catalog change heard of, so what was read
 * under an older version is stale.
 *
 * A change is heard of on the notification every catalog writer sends as it commits (the import
 * announces it with announcePublicReadsChanged, from any process, the CLI included), through the
 * process's one PublicReadsListener; an import in this process is heard of at once through the
 * public read cache, which it clears. The cache's generation is part of the version, so whichever
 * of the two hears of a change first, nothing read before it is used after it. While the
 * listener is down a change would go unheard: `listening` is false until it listens again, and
 * every time it does is a new version (changes may have been missed meanwhile).
 *
 * Listening starts with the first `startListening()`; a process without the listener (the worker,
 * the import CLI) never listens, so it reads PostgreSQL. Builders given to `rebuildOnChange` hear
 * of each change as it is heard of, to rebuild what they keep before anyone asks.
 */
@Injectable()
export class CatalogChanges {
  private heard = 0;
  private subscribed = false;
  private readonly watchers = new Set<() => void>();

  constructor(
    @Optional() private readonly listener?: PublicReadsListener,
    @Optional() private readonly readCache?: PublicReadCache,
  ) {}

  /** Whether a catalog change anywhere would be heard of now. */
  get listening(): boolean {
    return this.subscribed && this.listener!.listening;
  }

  /** What was read under another version is stale. */
  get version(): string {
    return `${this.heard}/${this.readCache?.generation ?? 0}`;
  }

  /** Calls `watcher` whenever the version moves on because a change was heard of, or listening began again. */
  private onChange(watcher: () => void): void {
    this.watchers.add(watcher);
  }

  /**
   * For what a process keeps made from the catalog (search's index, the stored title pages):
   * `build` is called whenever a change is heard of while listening, and when listening begins;
   * listening starts now, and a builder registered once it has begun is called at once. A process
   * that cannot listen (the worker) never calls it.
   */
  rebuildOnChange(build: () => void): void {
    this.onChange(() => {
      if (this.listening) build();
    });
    // The first builder's startListening may have heard listening begin already (the read cache's
    // connection listening before either subscribed): a later one would otherwise wait for a change.
    if (this.subscribed) {
      if (this.listening) build();
    } else {
      this.startListening();
    }
  }

  /** Starts listening, once; `listening` turns true when it does. */
  startListening(): void {
    if (this.subscribed || !this.listener) return;
    this.subscribed = true;
    const heardOf = () => {
      this.heard += 1;
      this.watchers.forEach((watcher) => watcher());
    };
    void this.listener.subscribe({ changed: heardOf, listening: heardOf, lost: () => undefined });
  }
}
