import { get as httpGet } from 'node:http';
import * as contracts from '@seyirlik/shared-contracts';
import { z } from 'zod';
import { createRoom, importRoomCatalog, signedInMember, type SignedInMember } from '../factories/rooms';
import { nextClientAddress } from '../factories/members';
import { startServerProcess, type ServerProcess } from '../harness/cluster';
import { connectSocket, type RoomSocket } from '../harness/room-client';
import { BODY_LIMITS } from '../../src/platform/http/body-parsing';
import { SOCKET_PACKET_LIMIT_BYTES } from '../../src/platform/realtime/realtime-io.adapter';
import { openCatalogDatabase } from '../support/catalog-database';

/**
 * One liveness probe on a connection of its own, as a load balancer's health check makes it: the
 * abusive requests' pooled connections, which the server closes after refusing a body, are not
 * the probe's.
 */
function livez(baseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = httpGet(`${baseUrl}/livez`, { agent: false, timeout: 60_000 }, (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`/livez answered ${response.statusCode}`))));
    });
    probe.on('timeout', () => probe.destroy(new Error('/livez did not answer within 60 s')));
    probe.on('error', reject);
  });
}

/**
 * No request may stall a process. Every entry point the server registers (HTTP routes, every
 * `/ajax/service` type, every socket event) gets the largest body it accepts, filled with the
 * characters that are slowest for validators, and must answer within a second, never with a 5xx,
 * while the same process keeps answering its liveness check. The entry points are read from the
 * running process, so one added later is covered without touching this test.
 */

/** What one answer may take, and the liveness check meanwhile. */
const ANSWER_WITHIN_MS = 1000;
/**
 * UTF-16 units of each worst value: past 65,536, where grapheme counting turns from quadratic to
 * far worse (66,000 × ş took 10 s to count here, 40,000 half a second).
 */
const WORST_UNITS = 70_000;
/** The methods whose requests carry a body. */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** Stays under the server's 1 MB JSON and form limits. */
const MAX_BODY_BYTES = 900 * 1024;

const repeatTo = (unit: string, units: number) => unit.repeat(Math.ceil(units / unit.length)).slice(0, units - (units % unit.length));

/** JSON text of a list nested `depth` deep (too deep for JSON.stringify to write). */
const deepListJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/**
 * The slowest values for text checks (grapheme counting, pattern checks, emoji short codes), and
 * the deepest nesting the JSON parser lets through, as JSON texts.
 */
const WORST_VALUES: readonly string[] = [
  JSON.stringify(repeatTo('ş', WORST_UNITS)),
  JSON.stringify(repeatTo('a\u0301', WORST_UNITS)),
  JSON.stringify(repeatTo('<a :joy: 🇹🇷 👨‍👩‍👧‍👦', WORST_UNITS)),
  deepListJson(BODY_LIMITS.nesting - 1),
];

/** The slowest value for the JSON parser: nesting far past its limit, refused before parsing. */
const DEEPEST_VALUE = deepListJson(WORST_UNITS / 2);

/** Fields the legacy handlers read straight from the body (beside those of the shared schemas). */
const LEGACY_FIELDS = ['type', 'data', 'code', 'id', 'vid', 'eg_id', 'e_id', 'hash', 'status', 'title', 'invite', 'content_id', 'page', 'q', 'after'];

/** Schemas of what is not a request: the catalog import's file (read by the CLI) and replies. */
const NOT_REQUEST_SCHEMAS: unknown[] = [contracts.catalogImportSchema, contracts.legacyEnvelopeSchema, contracts.healthSchema];

/** Every field name of every request schema in shared-contracts, and the legacy ones. */
function requestFieldNames(): string[] {
  const names = new Set<string>(LEGACY_FIELDS);
  const seen = new Set<unknown>();
  const walk = (schema: unknown, take: boolean): void => {
    if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
    seen.add(schema);
    const def = schema._zod.def as unknown as Record<string, unknown>;
    if (def.type === 'object') {
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) {
        if (take) names.add(key);
        walk(child, take);
      }
    }
    for (const key of ['in', 'out', 'innerType', 'element', 'left', 'right']) walk(def[key], take);
    for (const option of (def.options as unknown[] | undefined) ?? []) walk(option, take);
  };
  // What is not a request is walked first, without taking its names, so it is passed over after.
  NOT_REQUEST_SCHEMAS.forEach((schema) => walk(schema, false));
  Object.values(contracts).forEach((schema) => walk(schema, true));
  return [...names];
}

/**
 * JSON bodies that give every field every worst value, each body within the size limit: field i
 * gets value (i + pass) of the list, for as many passes as there are values; and one body of the
 * deepest nesting.
 */
function worstBodies(fields: string[]): Buffer[] {
  const bodies: string[] = [];
  const head: string[] = [];
  for (let pass = 0; pass < WORST_VALUES.length; pass++) {
    let members = [...head];
    let bytes = 2;
    fields.forEach((field, index) => {
      const member = `${JSON.stringify(field)}:${WORST_VALUES[(index + pass) % WORST_VALUES.length]!}`;
      const size = Buffer.byteLength(member) + 1;
      if (bytes + size > MAX_BODY_BYTES) {
        bodies.push(`{${members.join(',')}}`);
        members = [...head];
        bytes = 2;
      }
      members.push(member);
      bytes += size;
    });
    bodies.push(`{${members.join(',')}}`);
  }
  bodies.push(`{${[...head, `${JSON.stringify(fields[0])}:${DEEPEST_VALUE}`].join(',')}}`);
  return bodies.map((body) => Buffer.from(body));
}

/** `body` (a JSON object's bytes) with `field` set to `value` first. */
const withField = (body: Buffer, field: string, value: string) => Buffer.concat([Buffer.from(`{${JSON.stringify(field)}:${JSON.stringify(value)},`), body.subarray(1)]);

interface Answer {
  what: string;
  status: number;
  ms: number;
}

describe('no request stalls a process', () => {
  let catalog: Awaited<ReturnType<typeof openCatalogDatabase>>;
  let server: ServerProcess;
  let member: SignedInMember;
  let socket: RoomSocket;
  let params: Record<string, string>;
  let entryPoints: { routes: Array<{ method: string; path: string }>; ajaxTypes: string[]; socketEvents: string[] };
  const fields = requestFieldNames();
  /**
   * The bodies, built before the liveness probes start: building them takes this process a while,
   * which a probe waiting for its answer meanwhile would count as the server's.
   */
  let routeBodies: Buffer[];
  let bodiesWithoutType: Buffer[];
  /** Every liveness probe: how long it took and the test that was sending meanwhile. */
  const liveness: Array<{ ms: number; during: string | undefined }> = [];
  let polling = true;
  let poller: Promise<void>;

  /** One request as the member, from an address of its own (so per-address limits do not answer first). */
  async function send(method: string, path: string, init: { body?: string | Buffer | FormData; type?: string } = {}): Promise<Answer> {
    const started = performance.now();
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        Cookie: member.cookie,
        'X-Forwarded-For': nextClientAddress(),
        ...(init.type ? { 'Content-Type': init.type } : {}),
      },
      body: init.body,
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return { what: `${method} ${path}`, status: response.status, ms: Math.round(performance.now() - started) };
  }

  const slow = (answers: Answer[]) => answers.filter((answer) => answer.ms > ANSWER_WITHIN_MS || answer.status >= 500);

  /** A route's path with its parameters filled with real values (a title, an episode, a room, the member). */
  const concretePath = (path: string) =>
    path
      .replace(/\{([^}]*)\}/g, '$1')
      .replace(/:(\w+)/g, (_whole, name: string) => params[name] ?? '1')
      .replace(/\*(\w+)/g, 'x');

  /** Session-ending routes are tried last (their own test), so every other route is tried as a member. */
  const endsSession = (path: string) => /logout/.test(path);

  beforeAll(async () => {
    catalog = await openCatalogDatabase();
    const { aired } = await importRoomCatalog(catalog.dataSource);
    const [title] = (await catalog.dataSource.query(
      'SELECT t.slug FROM title t JOIN episode e ON e.title_id = t.id WHERE e.id = $1',
      [aired[0]],
    )) as Array<{ slug: string }>;
    server = await startServerProcess({ DATABASE_URL: catalog.database.url, TRUST_PROXY: 'true', LOG_LEVEL: 'warn' });
    member = await signedInMember(server.url);
    const code = await createRoom(member.agent, { episodeId: aired[0], title: 'Sınama odası', invite: [] });
    params = { kind: 'dizi', slug: title!.slug, id: String(aired[0]), code, username: member.username, season: '1', episode: '1', type: 'comment' };
    socket = await connectSocket(server.url, member.cookie);
    entryPoints = (await server.command('entryPoints', {})) as typeof entryPoints;
    // Legacy paths of the seed that no feature answers yet are routed only to answer 404: not an entry point yet.
    const unanswered = new Set<string>();
    for (const route of entryPoints.routes.filter((candidate) => candidate.method === 'POST' && !candidate.path.startsWith('/api/') && !endsSession(candidate.path))) {
      const probe = await send('POST', concretePath(route.path), { body: '{}', type: 'application/json' });
      if (probe.status === 404) unanswered.add(route.path);
    }
    entryPoints.routes = entryPoints.routes.filter((route) => !(route.method === 'POST' && unanswered.has(route.path)));
    routeBodies = worstBodies(fields);
    bodiesWithoutType = worstBodies(fields.filter((field) => field !== 'type'));
    poller = (async () => {
      while (polling) {
        const during = expect.getState().currentTestName;
        const started = performance.now();
        await livez(server.url);
        liveness.push({ ms: Math.round(performance.now() - started), during });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
  }, 120_000);

  afterAll(async () => {
    polling = false;
    await poller;
    socket?.close();
    await server?.stop();
    await catalog?.close();
  });

  it('reads every entry point from the running server', () => {
    expect(entryPoints.routes).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/add/comment' },
        { method: 'POST', path: '/ajax/service' },
        { method: 'POST', path: '/api/rooms/:code/messages' },
      ]),
    );
    expect(entryPoints.ajaxTypes).toEqual(expect.arrayContaining(['add_chat', 'get_stream', 'forgot_pw']));
    expect(entryPoints.socketEvents).toEqual(expect.arrayContaining(['room.join', 'room.typing', 'room.playback', 'clock.ping']));
    expect(fields).toEqual(expect.arrayContaining(['comment', 'message', 'desc', 'text', 'username', 'password']));
  });

  /** The worst JSON bodies to every route with a body whose session-ending is `ending`; answers the routes tried and the slow answers. */
  async function worstJsonTo(ending: boolean) {
    const answers: Answer[] = [];
    const routes = entryPoints.routes.filter((route) => BODY_METHODS.includes(route.method) && endsSession(route.path) === ending);
    for (const route of routes) {
      for (const body of routeBodies) {
        answers.push(await send(route.method, concretePath(route.path), { body, type: 'application/json' }));
      }
    }
    return { routes, slow: slow(answers) };
  }

  it('answers the largest JSON bodies of the worst characters on every route within a second', async () => {
    const result = await worstJsonTo(false);
    expect(result.routes.length).toBeGreaterThan(20);
    expect(result.slow).toEqual([]);
  }, 600_000);

  it('answers every /ajax/service type the same way', async () => {
    const answers: Answer[] = [];
    for (const type of entryPoints.ajaxTypes) {
      for (const body of bodiesWithoutType) {
        answers.push({ ...(await send('POST', '/ajax/service', { body: withField(body, 'type', type), type: 'application/json' })), what: type });
      }
    }
    expect(slow(answers)).toEqual([]);
  }, 600_000);

  it('answers form-encoded and multipart bodies of the worst characters, and deep form nesting, on every legacy route', async () => {
    const answers: Answer[] = [];
    const legacy = entryPoints.routes.filter((route) => route.method === 'POST' && !route.path.startsWith('/api/') && !endsSession(route.path));
    // These bodies are the parsers' test (form fields, deep form nesting, multipart); the validators
    // got the longest values in the JSON bodies above, which reach the same handlers.
    const text = repeatTo('ş', 20_000);
    const deepField = `data${'[a]'.repeat(5000)}=1`;
    for (const route of legacy) {
      const path = concretePath(route.path);
      const targets = route.path === '/ajax/service' ? entryPoints.ajaxTypes : [undefined];
      for (const type of targets) {
        const typed = type ? `type=${type}&` : '';
        const perBody = Math.floor(MAX_BODY_BYTES / (encodeURIComponent(text).length + 32));
        for (let start = 0; start < LEGACY_FIELDS.length + fields.length; start += perBody) {
          const chunk = [...LEGACY_FIELDS, ...fields].slice(start, start + perBody).filter((field) => field !== 'type');
          const form = typed + chunk.map((field) => `${encodeURIComponent(field)}=${encodeURIComponent(text)}`).join('&');
          answers.push(await send('POST', path, { body: form, type: 'application/x-www-form-urlencoded' }));
        }
        answers.push(await send('POST', path, { body: typed + deepField, type: 'application/x-www-form-urlencoded' }));
        const multipart = new FormData();
        if (type) multipart.append('type', type);
        for (const field of LEGACY_FIELDS.filter((name) => name !== 'type')) multipart.append(field, text);
        answers.push(await send('POST', path, { body: multipart }));
      }
    }
    expect(slow(answers)).toEqual([]);
  }, 600_000);

  it('answers the longest queries and path values of the worst characters on every read', async () => {
    const answers: Answer[] = [];
    const reads = entryPoints.routes.filter((route) => route.method === 'GET');
    // Node refuses request heads over 16 KB: a query or path value can hold about 2,000 characters of ş.
    const text = encodeURIComponent(repeatTo('ş', 2000));
    for (const route of reads) {
      for (const field of [...LEGACY_FIELDS, 'cursor', 'order', 'filter', 'limit']) {
        answers.push(await send('GET', `${concretePath(route.path)}?${field}=${text}`));
      }
      if (route.path.includes(':')) answers.push(await send('GET', route.path.replace(/:(\w+)/g, text)));
    }
    expect(slow(answers)).toEqual([]);
  }, 600_000);

  it('answers every socket event with the largest payloads of the worst characters, in order, within a second', async () => {
    const answers: Answer[] = [];
    // The server ends a connection whose packet passes SOCKET_PACKET_LIMIT_BYTES (realtime.spec.ts):
    // each payload fills it with two-byte letters, shared among its fields, leaving room for the event's framing.
    const filling = (keys: readonly string[]) => {
      const room = SOCKET_PACKET_LIMIT_BYTES - 256 - Buffer.byteLength(JSON.stringify(Object.fromEntries(keys.map((key) => [key, '']))));
      const value = repeatTo('ş', Math.floor(room / 2 / keys.length));
      return Object.fromEntries(keys.map((key) => [key, value]));
    };
    // As deep as the client's own encoder can walk (it looks for binary parts recursively).
    const deep: unknown = JSON.parse(deepListJson(3_000));
    const payloads: unknown[] = [
      repeatTo('ş', Math.floor((SOCKET_PACKET_LIMIT_BYTES - 256) / 2)),
      filling(['room', 'action', 'positionSeconds', 'typing', 'text']),
      deep,
      { room: deep },
      filling(fields),
    ];
    expect(payloads.every((payload) => Buffer.byteLength(JSON.stringify(payload)) < SOCKET_PACKET_LIMIT_BYTES - 200)).toBe(true);
    for (const event of entryPoints.socketEvents) {
      for (const payload of payloads) {
        const started = performance.now();
        (socket.emit as (...args: unknown[]) => unknown)(event, payload, () => undefined);
        // The socket's messages are handled in order: the clock's answer comes after the event was.
        await socket.timeout(10_000).emitWithAck('clock.ping');
        answers.push({ what: event, status: 200, ms: Math.round(performance.now() - started) });
      }
    }
    expect(socket.connected).toBe(true);
    expect(slow(answers)).toEqual([]);
  }, 600_000);

  it('answers the session-ending routes the same way, last', async () => {
    const result = await worstJsonTo(true);
    expect(result.routes.length).toBeGreaterThan(0);
    expect(result.slow).toEqual([]);
  }, 600_000);

  it('kept answering its liveness check meanwhile', () => {
    expect(liveness.length).toBeGreaterThan(10);
    expect(liveness.filter((probe) => probe.ms >= ANSWER_WITHIN_MS)).toEqual([]);
  });
});
