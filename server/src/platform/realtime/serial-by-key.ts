/**
 * Work run one at a time for each key, in the order it was asked for, in this process: what a
 * task reads and then pushes (a post after its photo's commit, a member's typing signal) goes out
 * in the order it was read, never an older read after a newer one. A key is forgotten once its
 * last task settles, so the map holds only keys with work under way.
 */
export class SerialByKey<K> {
  private readonly tails = new Map<K, Promise<void>>();

  /** Runs `task` after every task given for `key` before it has settled (resolved or failed); answers its result. */
  run<T>(key: K, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** How many keys have work under way. */
  get busyKeys(): number {
    return this.tails.size;
  }
}
