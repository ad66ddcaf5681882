import { STREAM_RULES } from '@seyirlik/shared-contracts';
import type { DisposableRedis } from '../support/redis-server';
import { eventually } from './room-client';

/** The steps every nothing-lost run shares; a spec adds its own actions (sends, likes, …). */
export type ChaosFault = { at: number; kind: 'drop'; client: number } | { at: number; kind: 'redis-down' } | { at: number; kind: 'redis-up' };

/** What an action of the run came to, for the failure message. */
export interface ChaosResult {
  ok: boolean;
  detail: string;
}

const FAULTS: ReadonlySet<string> = new Set(['drop', 'redis-down', 'redis-up']);
const isFault = (step: { kind: string }): step is ChaosFault => FAULTS.has(step.kind);

/**
 * Plays a chaos plan (sorted by `at`, ms from now): each fault as it falls due (a client's
 * connection cut, Redis stopped, Redis restarted once the stop finished), each other step handed
 * to `act` without waiting for it. Answers the actions' results once every outage is over.
 */
export async function runChaos<A extends { at: number; kind: string }>(
  plan: ReadonlyArray<A | ChaosFault>,
  { act, clients, redis }: { act: (step: A) => Promise<ChaosResult>; clients: ReadonlyArray<{ cutConnection(): void }>; redis: DisposableRedis },
): Promise<ChaosResult[]> {
  const actions: Array<Promise<ChaosResult>> = [];
  const outages: Array<Promise<void>> = [];
  const started = Date.now();
  for (const step of plan) {
    await new Promise((resolveWait) => setTimeout(resolveWait, Math.max(0, started + step.at - Date.now())));
    if (!isFault(step)) {
      actions.push(act(step as A));
    } else if (step.kind === 'drop') {
      clients[step.client]!.cutConnection();
    } else if (step.kind === 'redis-down') {
      outages.push(redis.stop());
    } else {
      await Promise.all(outages.splice(0));
      outages.push(redis.restart());
    }
  }
  await Promise.all(outages);
  return Promise.all(actions);
}

/** What a nothing-lost check needs of a tab (a StreamClient). */
interface WatchedTab {
  readonly socket: { on(event: 'disconnect', listener: () => void): unknown };
  readonly pushed: ReadonlySet<number>;
  readonly polled: ReadonlySet<number>;
  readonly live: boolean;
  readonly polling: boolean;
}

/**
 * The heartbeat check: with every tab live, `store()` stores an item in the stream and pushes
 * nothing (what a process whose Redis publisher was away leaves behind), and nothing follows it.
 * Every tab shows it (`newestOf`: the item the tab shows as newest) with `text` within a heartbeat
 * and a margin, fetched and not pushed, and no socket went down meanwhile (a tab fetches only
 * while its socket is down, or when the heartbeat says it is behind).
 */
export async function expectUnpushedItemFound<C extends WatchedTab>(
  clients: readonly C[],
  { store, newestOf, text }: { store: () => Promise<number>; newestOf: (client: C) => { seq: number; text: string } | undefined; text: string },
): Promise<void> {
  await eventually(() => clients.every((client) => client.live && !client.polling), Boolean);
  const drops = clients.map(() => 0);
  clients.forEach((client, index) => client.socket.on('disconnect', () => (drops[index]! += 1)));

  const seq = await store();

  await eventually(() => clients.every((client) => newestOf(client)?.seq === seq), Boolean, STREAM_RULES.headsIntervalMs + 5_000);
  expect(clients.map((client) => newestOf(client)?.text)).toEqual(clients.map(() => text));
  expect(clients.map((client) => ({ pushed: client.pushed.has(seq), polled: client.polled.has(seq), live: client.live, polling: client.polling }))).toEqual(
    clients.map(() => ({ pushed: false, polled: true, live: true, polling: false })),
  );
  expect(drops).toEqual(clients.map(() => 0));
}
