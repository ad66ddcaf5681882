// A small closed-loop load generator: C clients, each sending its next request as soon as the
// previous one finished, over keep-alive connections, for D seconds or N requests (whichever
// comes first). Only ever targets 127.0.0.1: the bench measures local processes it started.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const HOST = '127.0.0.1';
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * One GET, body read to the end. Resolves with { status, bytes }; rejects on a network error or
 * timeout. Reading the whole body matters: the latency then covers the full response.
 */
export function get({ port, path, headers = {}, agent = false }) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: HOST, port, path, headers, agent }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve({ status: response.statusCode, bytes }));
      response.on('error', reject);
    });
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', reject);
  });
}

/**
 * Latencies as they come, in blocks of BLOCK: a load holds room for the requests it sent, not for
 * maxRequests. Every load allocated and zeroed 4 MB for half a million before: the load
 * generator's old generation was collected 16 times in a run of the HTTP reads (436 ms of pauses),
 * against 10 and 8 times (217 and 199 ms) in two runs with blocks.
 * A collection's concurrent marking takes a core from the two processes measured (the generator and
 * the server): a turn of unseen title pages lasts a few tenths of a second.
 */
class Latencies {
  static BLOCK = 16_384;
  blocks = [];
  count = 0;

  push(ms) {
    const at = this.count % Latencies.BLOCK;
    if (at === 0) this.blocks.push(new Float64Array(Latencies.BLOCK));
    this.blocks.at(-1)[at] = ms;
    this.count += 1;
  }

  /** Every latency, ascending. */
  sorted() {
    const all = new Float64Array(this.count);
    this.blocks.forEach((block, index) => all.set(block.subarray(0, Math.min(Latencies.BLOCK, this.count - index * Latencies.BLOCK)), index * Latencies.BLOCK));
    return all.sort();
  }
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, fraction) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * The connections of `concurrency` clients: one socket per client, reused, so the bench measures
 * request handling, not TCP handshakes. Hand the same one to the warm-up and the measurement: a
 * burst of new connections answers its first requests late whatever the server (node:http accepts
 * them a few at a time), which a short measurement would count as the read's own latency.
 */
export function clientConnections(concurrency) {
  return new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
}

/**
 * Runs the load and returns { requests, errors, firstError, seconds, rps, p50, p99, exhausted,
 * meanBytes, warmupRequests } (times in ms; meanBytes of the successful answers' bodies). `paths`
 * are requested in turn (one request each, then from the start again), so a scenario can spread
 * over many addresses, and two targets given the same list see the same sequence. With `once`, no
 * path is requested twice: the load stops when the list runs out (`exhausted`), for reads that must
 * never be answered from a cache. Latency percentiles and req/s count successful (2xx) answers
 * only: a fast error page would otherwise flatter the numbers. Stops early when `signal` aborts.
 * Over `agent` (clientConnections) when given, left open; otherwise over connections of its own,
 * closed at the end.
 *
 * With `warmup` ({ paths, durationMs, once }), the clients first ask its paths (in turn; each once
 * with `once`), unrecorded, for `durationMs` or until they run out, and go on to the measured paths
 * without a pause, each client as it finishes its last warm-up request: the measurement (its clock,
 * `durationMs`, and `onMeasure()`, called as it starts) begins at the load's steady state. Started
 * apart, it began with every client's first request at once, which a closed loop answers late: the
 * generator sends them all before it reads any answer, some 10 to 20 ms at 100 clients. A
 * measurement of five seconds hardly notices; one of distinct paths, a fifth of a second at 6,773
 * paths, counted those hundred requests in its p99. `warmupRequests`: the warm-up requests sent.
 * With `keepLatencies`, `latencies` holds every successful answer's latency too, ascending.
 */
export async function runLoad({ port, paths, headers = {}, concurrency, durationMs, maxRequests, signal, once = false, agent: shared, warmup = null, onMeasure = null, keepLatencies = false }) {
  const agent = shared ?? clientConnections(concurrency);
  const latencies = new Latencies();
  let issued = 0;
  let bodyBytes = 0;
  let errors = 0;
  let firstError = null;
  let warmupIssued = 0;
  let warming = warmup !== null;
  const warmupDeadline = performance.now() + (warmup?.durationMs ?? 0);

  let started;
  let deadline;
  const startMeasurement = () => {
    warming = false;
    started = performance.now();
    deadline = started + durationMs;
    onMeasure?.();
  };
  if (!warming) startMeasurement();

  /** The next warm-up path, or null once the warm-up is over (the measurement then starts). */
  const nextWarmupPath = () => {
    if (!warming) return null;
    const over = performance.now() >= warmupDeadline || signal?.aborted || (warmup.once && warmupIssued >= warmup.paths.length);
    if (!over && warmup.paths.length > 0) return warmup.paths[warmupIssued++ % warmup.paths.length];
    startMeasurement();
    return null;
  };
  const keepGoing = () => performance.now() < deadline && issued < maxRequests && !signal?.aborted && !(once && issued >= paths.length);

  async function warmUp() {
    for (let path = nextWarmupPath(); path !== null; path = nextWarmupPath()) {
      await get({ port, path, headers, agent }).catch(() => undefined);
    }
  }

  async function client() {
    await warmUp();
    while (keepGoing()) {
      const path = paths[issued % paths.length];
      issued += 1;
      const sent = performance.now();
      try {
        const { status, bytes } = await get({ port, path, headers, agent });
        if (status >= 200 && status < 300) {
          latencies.push(performance.now() - sent);
          bodyBytes += bytes;
        } else {
          errors += 1;
          firstError ??= `HTTP ${status}`;
        }
      } catch (error) {
        errors += 1;
        firstError ??= error.message;
      }
    }
  }

  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  if (!shared) agent.destroy();

  const sorted = latencies.sorted();
  const succeeded = sorted.length;
  return {
    requests: succeeded,
    errors,
    firstError,
    seconds,
    rps: succeeded / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    exhausted: once && issued >= paths.length,
    meanBytes: succeeded > 0 ? bodyBytes / succeeded : NaN,
    warmupRequests: warmupIssued,
    ...(keepLatencies ? { latencies: sorted } : {}),
  };
}
