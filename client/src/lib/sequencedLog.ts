/** Anything numbered in a stream: a chat message, a private message, a notification. */
export interface Sequenced {
  readonly seq: number;
}

/** The items a client holds of one stream, ordered by sequence, and the cursor to ask for newer ones. */
export interface SequencedLog<T extends Sequenced> {
  readonly items: readonly T[];
  /**
   * The sequence up to which the log is complete (where its history starts while it holds nothing).
   * An item pushed beyond a gap does not move it, so the next fetch asks from the gap.
   */
  readonly cursor: number;
}

/**
 * How items reached the client. A fetched page is complete from the cursor it was asked with;
 * a pushed item (or the answer to a send) stands alone and may have overtaken others.
 */
export type Arrival = 'fetched' | 'pushed';

/** An empty log whose first fetch asks for the items after `startAfter`. */
export function emptySequencedLog<T extends Sequenced>(startAfter: number): SequencedLog<T> {
  return { items: [], cursor: startAfter };
}

/**
 * Where a page's history starts: one page before the stream's newest item when the page opened,
 * so a long stream shows its recent part without walking its whole history.
 */
export function historyStart(newestSeq: number, pageSize: number): number {
  return Math.max(0, newestSeq - pageSize);
}

/**
 * Adds items however they came: one per sequence, in sequence order. Returns the same log when
 * nothing changed, so a view can skip a render.
 */
export function mergeSequenced<T extends Sequenced>(log: SequencedLog<T>, incoming: readonly T[], arrival: Arrival): SequencedLog<T> {
  const held = new Set(log.items.map((item) => item.seq));
  const fresh = incoming.filter((item) => {
    if (held.has(item.seq)) return false;
    held.add(item.seq);
    return true;
  });
  let cursor = log.cursor;
  if (arrival === 'fetched') cursor = Math.max(cursor, ...incoming.map((item) => item.seq));
  while (held.has(cursor + 1)) cursor += 1;
  if (fresh.length === 0 && cursor === log.cursor) return log;
  const items = fresh.length === 0 ? log.items : [...log.items, ...fresh].sort((a, b) => a.seq - b.seq);
  return { items, cursor };
}

/**
 * Whether the log holds an item beyond a gap. Sequences are gapless per stream, so a gap means
 * pushes were lost or overtaken (a Redis hiccup, a dropped event) and a fetch fills it in.
 */
export function hasGap(log: SequencedLog<Sequenced>): boolean {
  const newest = log.items[log.items.length - 1];
  return newest !== undefined && newest.seq > log.cursor;
}
