import type { UserDelivery } from './realtime.types';

type Path = string[];

/** One leaf of the payloads (a value that is not a non-empty plain object), across the members of a batch. */
type Column =
  /** Every member has this value. */
  | { path: Path; same: unknown }
  /** Few distinct values: the values once, and each member's index into them. */
  | { path: Path; values: unknown[]; codes: number[] }
  /** Each member's value. */
  | { path: Path; each: unknown[] };

/**
 * A `toUsers` batch as it travels between processes: the member ids, and the payloads as columns
 * of their leaves, a column of equal values sent once and one of few values as indexes. A fan-out
 * sends the same text to thousands of members; sent as it is, every process would read each copy.
 */
export interface PackedUserBatch {
  userIds: number[];
  columns: Column[];
}

/** A column with at most this share of distinct values is sent as indexes into them. */
const DICTIONARY_SHARE = 0.25;

function isBranch(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0;
}

function leaves(value: unknown, path: Path = [], into: Array<[Path, unknown]> = []): Array<[Path, unknown]> {
  if (!isBranch(value)) {
    into.push([path, value]);
    return into;
  }
  for (const [key, child] of Object.entries(value)) leaves(child, [...path, key], into);
  return into;
}

/** Equal JSON values, for the primitives and small arrays a payload's leaves are. */
const keyOf = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

/** Packs a batch; payloads of different shapes are sent as they are, in one column. */
export function packUserBatch(deliveries: readonly UserDelivery[]): PackedUserBatch {
  const userIds = deliveries.map((delivery) => delivery.userId);
  if (deliveries.length === 0) return { userIds, columns: [] };
  const shape = leaves(deliveries[0]!.payload).map(([path]) => path);
  const shapeKey = keyOf(shape);
  const values: unknown[][] = shape.map(() => []);
  for (const { payload } of deliveries) {
    const flat = leaves(payload);
    if (flat.length !== shape.length || keyOf(flat.map(([path]) => path)) !== shapeKey) {
      return { userIds, columns: [{ path: [], each: deliveries.map((delivery) => delivery.payload) }] };
    }
    flat.forEach(([, value], index) => values[index]!.push(value));
  }
  const columns = shape.map((path, index): Column => {
    const column = values[index]!;
    const distinct = new Map<string, number>();
    const codes = column.map((value) => {
      const key = keyOf(value);
      if (!distinct.has(key)) distinct.set(key, distinct.size);
      return distinct.get(key)!;
    });
    if (distinct.size === 1) return { path, same: column[0] };
    if (distinct.size <= column.length * DICTIONARY_SHARE) {
      return { path, values: [...distinct.keys()].map((key) => (key === 'undefined' ? undefined : JSON.parse(key))), codes };
    }
    return { path, each: column };
  });
  return { userIds, columns };
}

/** The payload of the batch's `index`-th member, as it was before packing. */
export function unpackPayload(batch: PackedUserBatch, index: number): unknown {
  let payload: unknown;
  for (const column of batch.columns) {
    const value = 'same' in column ? column.same : 'codes' in column ? column.values[column.codes[index]!] : column.each[index];
    if (column.path.length === 0) return value;
    payload ??= {};
    let node = payload as Record<string, unknown>;
    column.path.slice(0, -1).forEach((key) => {
      node = (node[key] ??= {}) as Record<string, unknown>;
    });
    node[column.path.at(-1)!] = value;
  }
  return payload;
}
