// A small closed-loop load generator: C clients, each sending its next request as soon as the
// previous one finished, over keep-alive connections, for D seconds or N requests (whichever
// comes first). Only ever targets 127.0.0.1: the bench measures local processes it started.
import http from 'node:http';
import net from 'node:net';
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

const CRLF_CRLF = Buffer.from('\r\n\r\n');
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;

/** Where a connection is in reading an answer. */
const Phase = { IDLE: 0, HEAD: 1, LENGTH: 2, CHUNK_SIZE: 3, CHUNK_DATA: 4, CHUNK_END: 5, TRAILER: 6, UNTIL_CLOSE: 7 };

/**
 * Where every connection's socket reads what arrives (net's `onread`): each read is handled whole
 * as it comes (Connection.read keeps a copy of an answer's head cut in two), so one buffer serves
 * them all. Read the usual way, each read was a buffer of its own: about 1.4 KB of memory per
 * answer of a title page, outside V8's heap but counted by it, and a young-generation collection of
 * the load generator every 60 to 100 ms, each pausing for 1.5 to 5 ms the reading of all 100
 * answers in flight, a pause counted in their latencies, more often in the turns of the reads whose
 * answers are larger.
 */
const READ_BUFFER = Buffer.alloc(64 * 1024);

/**
 * One keep-alive HTTP/1.1 connection of a client: the request written as prebuilt text, the
 * answer's status and body length read off the socket as they come (Content-Length, chunked, or up
 * to the close), nothing else parsed or kept. node:http's client made an IncomingMessage, a
 * ClientRequest and their headers for every request: the load generator collected its young
 * generation every 60 to 70 ms and used about a core, beside the server on a two-core machine.
 */
class Connection {
  socket = null;
  phase = Phase.IDLE;
  status = 0;
  /** The body's bytes as sent (compressed when the answer is), without the chunks' framing. */
  bytes = 0;
  remaining = 0;
  sizeLine = '';
  trailerLine = 0;
  head = null;
  closeAfter = false;
  sentAt = 0;
  resolve = null;
  reject = null;

  constructor(port) {
    this.port = port;
  }

  /** Sends `request` (a GET, as latin1 text) and resolves with the answer's status once it is read whole. */
  send(request) {
    if (this.socket === null) this.connect();
    this.phase = Phase.HEAD;
    this.bytes = 0;
    this.sentAt = performance.now();
    return new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      this.socket.write(request, 'latin1');
    });
  }

  connect() {
    const socket = net.connect({
      port: this.port,
      host: HOST,
      noDelay: true,
      onread: { buffer: READ_BUFFER, callback: (length, buffer) => void this.read(buffer.subarray(0, length)) },
    });
    socket.on('error', (error) => this.lost(socket, error));
    socket.on('close', () => this.lost(socket, new Error('connection closed before the answer ended')));
    this.socket = socket;
  }

  lost(socket, error) {
    if (this.socket !== socket) return;
    this.socket = null;
    socket.destroy();
    if (this.phase === Phase.UNTIL_CLOSE) this.finish();
    else if (this.phase !== Phase.IDLE) this.fail(error);
  }

  /** Ends the request under way with `error` and drops the connection (the next request opens another). */
  abort(error) {
    const socket = this.socket;
    this.socket = null;
    socket?.destroy();
    this.fail(error);
  }

  fail(error) {
    const reject = this.reject;
    this.phase = Phase.IDLE;
    this.resolve = this.reject = null;
    this.head = null;
    reject?.(error);
  }

  finish() {
    const resolve = this.resolve;
    this.phase = Phase.IDLE;
    this.resolve = this.reject = null;
    if (this.closeAfter && this.socket) {
      this.socket.destroy();
      this.socket = null;
    }
    resolve?.(this.status);
  }

  read(chunk) {
    let data = chunk;
    let at = 0;
    while (at < data.length) {
      switch (this.phase) {
        case Phase.HEAD: {
          if (this.head !== null) {
            data = Buffer.concat([this.head, data.subarray(at)]);
            at = 0;
            this.head = null;
          }
          const end = data.indexOf(CRLF_CRLF, at);
          if (end < 0) {
            this.head = Buffer.from(data.subarray(at));
            return;
          }
          this.startBody(data.toString('latin1', at, end));
          at = end + 4;
          break;
        }
        case Phase.LENGTH:
          at = this.readBody(data, at);
          if (this.remaining === 0) this.finish();
          break;
        case Phase.CHUNK_SIZE: {
          const byte = data[at++];
          if (byte !== LINE_FEED) {
            if (byte !== CARRIAGE_RETURN) this.sizeLine += String.fromCharCode(byte);
            break;
          }
          const size = Number.parseInt(this.sizeLine.split(';')[0], 16);
          this.sizeLine = '';
          if (!Number.isFinite(size)) return this.abort(new Error('a chunk without a size'));
          if (size === 0) {
            this.phase = Phase.TRAILER;
            this.trailerLine = 0;
          } else {
            this.phase = Phase.CHUNK_DATA;
            this.remaining = size;
          }
          break;
        }
        case Phase.CHUNK_DATA:
          at = this.readBody(data, at);
          if (this.remaining === 0) this.phase = Phase.CHUNK_END;
          break;
        case Phase.CHUNK_END:
          // The CRLF after a chunk's data.
          if (data[at++] === LINE_FEED) this.phase = Phase.CHUNK_SIZE;
          break;
        case Phase.TRAILER: {
          const byte = data[at++];
          if (byte === LINE_FEED) {
            if (this.trailerLine === 0) this.finish();
            this.trailerLine = 0;
          } else if (byte !== CARRIAGE_RETURN) {
            this.trailerLine += 1;
          }
          break;
        }
        case Phase.UNTIL_CLOSE:
          this.bytes += data.length - at;
          at = data.length;
          break;
        default:
          // Nothing was asked: bytes after an answer are the server's mistake, not an answer.
          return this.abort(new Error('bytes arrived with no request under way'));
      }
    }
  }

  /** Counts the body's bytes in `data` from `at` on, up to the `remaining` ones expected; returns where it stopped. */
  readBody(data, at) {
    const take = Math.min(this.remaining, data.length - at);
    this.bytes += take;
    this.remaining -= take;
    return at + take;
  }

  /** The answer's head is read (`head`: the status line and headers): how its body is framed. */
  startBody(head) {
    this.status = Number(head.slice(9, 12));
    this.closeAfter = /\r\nconnection:[ \t]*close/i.test(head);
    const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
    if (this.status === 204 || this.status === 304 || (this.status >= 100 && this.status < 200)) {
      this.phase = Phase.IDLE;
      this.finish();
    } else if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
      this.phase = Phase.CHUNK_SIZE;
      this.sizeLine = '';
    } else if (length) {
      this.remaining = Number(length[1]);
      this.phase = Phase.LENGTH;
      if (this.remaining === 0) this.finish();
    } else {
      this.phase = Phase.UNTIL_CLOSE;
      this.closeAfter = true;
    }
  }
}

/**
 * The connections of `concurrency` clients: one socket per client, reused, so the bench measures
 * request handling, not TCP handshakes. Hand the same one to the warm-up and the measurement: a
 * burst of new connections answers its first requests late whatever the server (node:http accepts
 * them a few at a time), which a short measurement would count as the read's own latency.
 * A request not answered within REQUEST_TIMEOUT_MS fails, and its connection is dropped.
 */
export function clientConnections(concurrency) {
  const connections = new Array(concurrency).fill(null);
  const timer = setInterval(() => {
    const late = performance.now() - REQUEST_TIMEOUT_MS;
    for (const connection of connections) {
      if (connection && connection.phase !== Phase.IDLE && connection.sentAt < late) connection.abort(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`));
    }
  }, 1000).unref();
  return {
    /** Client `index`'s connection to `port`. */
    connection(index, port) {
      if (connections[index]?.port !== port) {
        connections[index]?.abort(new Error('connection replaced'));
        connections[index] = new Connection(port);
      }
      return connections[index];
    },
    destroy() {
      clearInterval(timer);
      connections.forEach((connection) => connection?.abort(new Error('connections closed')));
    },
  };
}

/**
 * GETs to `port` with node:http's own headers (Host, keep-alive) and `headers`: `(path) => string`,
 * the request of `path` as latin1 text (paths and headers are ASCII), which the socket writes
 * without a buffer made for it in JavaScript. All but the path is joined once.
 */
function requestBuilder(port, headers) {
  const rest = [' HTTP/1.1', `Host: ${HOST}:${port}`, 'Connection: keep-alive', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)].join('\r\n');
  const end = `${rest}\r\n\r\n`;
  return (path) => `GET ${path}${end}`;
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

  // Each path's request: built once and kept where paths are asked over and over (a read of few
  // paths), built as it is sent and dropped with its answer where each is asked once, from the
  // rest of the request joined once. Before, the distinct search's 165,450 requests were built in
  // full and kept in a map that grew into the old generation as they were measured: the load
  // generator collected its young generation every 70 to 80 ms in that read's turns against every
  // 125 ms in the session read's, and twice finished a full collection (6 and 9 ms) inside them,
  // stalls counted against the distinct read alone. Now it does so every 100 ms or so in both.
  const requestText = requestBuilder(port, headers);
  const built = new Map();
  const request = (path, askedOnce) => {
    if (askedOnce) return requestText(path);
    let text = built.get(path);
    if (text === undefined) {
      text = requestText(path);
      built.set(path, text);
    }
    return text;
  };

  async function warmUp(connection) {
    for (let path = nextWarmupPath(); path !== null; path = nextWarmupPath()) {
      await connection.send(request(path, warmup.once)).catch(() => undefined);
    }
  }

  async function client(index) {
    const connection = agent.connection(index, port);
    await warmUp(connection);
    while (keepGoing()) {
      const path = paths[issued % paths.length];
      issued += 1;
      const text = request(path, once);
      const sent = performance.now();
      try {
        const status = await connection.send(text);
        if (status >= 200 && status < 300) {
          latencies.push(performance.now() - sent);
          bodyBytes += connection.bytes;
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

  await Promise.all(Array.from({ length: concurrency }, (_, index) => client(index)));
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
