// Seyirlik benchmarks (`npm run bench`, which builds first).
//
// Starts the built app and a bare node:http baseline side by side, loads both with the same
// scenarios in the same run, and prints each result next to the baseline's as a ratio, so the
// numbers stay comparable across machines. Then loads the catalog at scale (the demo catalog
// multiplied to 20,000 titles and 1,000,000 episodes) and measures its reads (the home page's
// calls, title pages, search) against the p99 target, with the search plan; a second app process
// with its read cache off (READ_CACHE_SECONDS=0) shows the same reads computed on every request. Last, measures the
// client's initial bundle against its budget. Then the watch-together chat (lib/chat-section.mjs):
// latency through two app processes against a bare Socket.IO baseline, and the CPU of legacy
// pollers versus push. Then private messages (lib/messages-section.mjs): the chat's shape with
// `sendMessage` between members of conversations, against the same baseline. Then the new-episode fan-out (lib/notifications-section.mjs): 100,000
// followers, 1,000 of them on sockets over two app processes, timed from the episode's air time.
// Then the timed comments (lib/timed-section.mjs): an episode with 10,000 timed comments, the window
// at 50 viewers' playheads and the heat strip against the 20 ms p99 target and the uncached session read.
// Then the web vitals (lib/vitals-section.mjs): LCP, CLS, TBT and FCP of the home, a title and a
// watch page, cold and warm, in Chromium throttled as a phone on a slow mobile network.
// Informational only: exits non-zero when something could not run, never because of a number.
//
// Environment: BENCH_CONCURRENCY (50), BENCH_SECONDS (5), BENCH_MAX_REQUESTS (500000, per
// measurement), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres, where the
// throw-away database is created), REDIS_URL (set: the app runs in scaled mode),
// BENCH_CATALOG_TITLES (20000), BENCH_CATALOG_EPISODES (1000000), BENCH_CATALOG_CONCURRENCY (100),
// BENCH_CHAT_SECONDS (60 for each side, in alternating rounds; also the private messages'; both use REDIS_URL or redis://127.0.0.1:6379),
// BENCH_FANOUT_FOLLOWERS (100000), BENCH_FANOUT_ONLINE (1000; the fan-out uses Redis as the chat does).
// BENCH_CPU_PROF_DIR (unset): every app and baseline process writes a V8 CPU profile there when it exits.
// CHROMIUM_PATH (/usr/bin/chromium): the browser the web vitals are measured in.
// Arguments name the sections to run (all by default): http (the HTTP load and the catalog), chat,
// messages, flow (live poll and reaction counts, lib/flow-section.mjs), notifications, timed, vitals, bundle; e.g. `npm run bench -- chat`.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureInitialBundle } from './lib/bundle.mjs';
import { catalogProblems, catalogSummaryLines, printCatalogResults, runCatalogSection, UNCACHED_TARGET } from './lib/catalog-section.mjs';
import { chatProblems, chatSummaryLines, printChatResults, runChatSection } from './lib/chat-section.mjs';
import { flowProblems, flowSummaryLines, printFlowResults, runFlowSection } from './lib/flow-section.mjs';
import { messagesProblems, messagesSummaryLines, printMessagesResults, runMessagesSection } from './lib/messages-section.mjs';
import {
  notificationsProblems,
  notificationsSummaryLines,
  printNotificationsResults,
  runNotificationsSection,
} from './lib/notifications-section.mjs';
import { createBenchDatabase, DEFAULT_ADMIN_URL } from './lib/database.mjs';
import { formatKb, formatMs, formatRate, formatRatio, heading, table } from './lib/format.mjs';
import { freePort, NODE_FLAGS, startNode, waitForHealthy } from './lib/processes.mjs';
import { deleteKeysWithPrefix, redactUrl } from './lib/redis.mjs';
import { loadTableLines, ratios, runSideBySide, TURNS, WARMUP_MS } from './lib/scenarios.mjs';
import { printTimedResults, runTimedSection, timedProblems, timedSummaryLines } from './lib/timed-section.mjs';
import { printVitalsResults, runVitalsSection, vitalsProblems, vitalsSummaryLines } from './lib/vitals-section.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = join(ROOT, 'server', 'dist', 'main.js');
const BARE_ENTRY = join(ROOT, 'bench', 'lib', 'bare-server.mjs');
const CLIENT_DIST = join(ROOT, 'client', 'dist');

/**
 * The request pipeline's floor: what the server answers per second for a request that does almost
 * nothing (one database round trip), as a share of the bare baseline's; every uncached read pays it.
 */
const REQUEST_FLOOR_TARGET = 0.4;

/** Initial JavaScript a first visit may download, gzipped (1 KB = 1000 bytes, as Vite prints). */
const JS_BUDGET_BYTES = 170_000;
const SERVER_START_TIMEOUT_MS = 60_000;
const BARE_START_TIMEOUT_MS = 10_000;

/**
 * What gets measured on the empty app. Each runs against the app and the bare baseline, which
 * must answer the same paths with bodies of the same size.
 */
const SCENARIOS = [
  { name: 'GET /healthz', paths: ['/healthz'], headers: { accept: 'application/json' }, what: 'one database round trip', floor: true },
  { name: 'GET /', paths: ['/'], headers: { accept: 'text/html' }, what: 'app shell HTML' },
];

// ---------------------------------------------------------------------------------------------
// Settings

function positiveNumber(env, name, fallback, { integer = false } = {}) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name}=${JSON.stringify(raw)}: must be a positive ${integer ? 'integer' : 'number'}`);
  }
  return value;
}

function readSettings(env) {
  return {
    concurrency: positiveNumber(env, 'BENCH_CONCURRENCY', 50, { integer: true }),
    seconds: positiveNumber(env, 'BENCH_SECONDS', 5),
    maxRequests: positiveNumber(env, 'BENCH_MAX_REQUESTS', 500_000, { integer: true }),
    adminDatabaseUrl: env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL,
    redisUrl: env.REDIS_URL || '',
    catalog: {
      titles: positiveNumber(env, 'BENCH_CATALOG_TITLES', 20_000, { integer: true }),
      episodes: positiveNumber(env, 'BENCH_CATALOG_EPISODES', 1_000_000, { integer: true }),
      concurrency: positiveNumber(env, 'BENCH_CATALOG_CONCURRENCY', 100, { integer: true }),
    },
    chatSeconds: positiveNumber(env, 'BENCH_CHAT_SECONDS', 60),
    fanOut: {
      followers: positiveNumber(env, 'BENCH_FANOUT_FOLLOWERS', 100_000, { integer: true }),
      online: positiveNumber(env, 'BENCH_FANOUT_ONLINE', 1_000, { integer: true }),
    },
  };
}

const SECTIONS = ['http', 'chat', 'messages', 'flow', 'notifications', 'timed', 'vitals', 'bundle'];

/** The sections named on the command line, or all of them. */
function readSections(args) {
  const unknown = args.filter((name) => !SECTIONS.includes(name));
  if (unknown.length > 0) throw new Error(`unknown section(s) ${unknown.join(', ')}: choose from ${SECTIONS.join(', ')}`);
  return args.length === 0 ? SECTIONS : args;
}

// ---------------------------------------------------------------------------------------------
// Cleanup: every resource registers how to release it the moment it exists, so a failure or
// Ctrl-C at any point releases exactly what was acquired, newest first (the app stops before its
// database is dropped).

class Cleanup {
  #steps = [];
  #children = [];
  #scopes = [];
  #running = null;

  add(label, release) {
    this.#steps.push({ label, release });
  }

  /**
   * A cleanup of its own for one section (see runSection), released as the section ends; run with
   * this one if the bench stops first (waiting for it when the section's release is under way).
   */
  scope(label) {
    const scope = new Cleanup();
    this.#scopes.push(scope);
    this.add(label, async () => {
      const released = scope.started;
      const failures = await scope.run();
      // A section released as it ended has its failures reported already.
      if (!released && failures.length > 0) throw new Error(failures.join('; '));
    });
    return scope;
  }

  get started() {
    return this.#running !== null;
  }

  /** A child process: stopped in order by run(), and killed outright if the bench exits first. */
  addChild(handle) {
    this.#children.push(handle);
    this.add(`stop ${handle.name}`, () => handle.stop());
  }

  /** Releases everything once (later calls share the same run); resolves to the failures. */
  run() {
    this.#running ??= (async () => {
      const failures = [];
      for (const { label, release } of this.#steps.reverse()) {
        try {
          await release();
        } catch (error) {
          failures.push(`cleanup "${label}" failed: ${error.message}`);
        }
      }
      return failures;
    })();
    return this.#running;
  }

  killChildrenNow() {
    for (const handle of this.#children) handle.killNow();
    for (const scope of this.#scopes) scope.killChildrenNow();
  }

  /** What a second Ctrl-C leaves behind, so it can be removed by hand. */
  pendingLabels() {
    return [...this.#steps.map((step) => step.label), ...this.#scopes.flatMap((scope) => scope.pendingLabels())];
  }
}

/**
 * Runs one section with a cleanup of its own (Cleanup.scope), released as the section ends, so its
 * processes are stopped and its database dropped before the next section starts. Kept to the end
 * of the run, each section's app processes held their pools' PostgreSQL connections (some 45 for
 * the messages section): after chat and messages, the flow, notifications and timed sections could
 * not connect ("sorry, too many clients already"). Answers what `run(scope)` does, or null with
 * its error among `problems`.
 */
async function runSection(name, cleanup, problems, run) {
  const scope = cleanup.scope(`release the ${name} section`);
  try {
    return await run(scope);
  } catch (error) {
    problems.push(`${name}: ${error.message}`);
    return null;
  } finally {
    problems.push(...(await scope.run()));
  }
}

function installSignalHandlers(cleanup, abort) {
  let interrupted = false;
  const onSignal = (signal) => {
    const exitCode = signal === 'SIGINT' ? 130 : 143;
    if (interrupted) {
      // A second signal: stop waiting, but say what may be left over.
      cleanup.killChildrenNow();
      console.error(`\n${signal} again: exiting now; may be left over: ${cleanup.pendingLabels().join(', ')}`);
      process.exit(exitCode);
    }
    interrupted = true;
    console.error(`\n${signal}: stopping the benchmark and cleaning up (again to force)…`);
    abort.abort();
    cleanup.run().then((failures) => {
      for (const failure of failures) console.error(`error: ${failure}`);
      process.exit(exitCode);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Whatever happens, no child process outlives the bench.
  process.on('exit', () => cleanup.killChildrenNow());
}

// ---------------------------------------------------------------------------------------------
// Targets: the app and the bare baseline

/** The throw-away database; `state` tells the summary whether it was created and dropped. */
async function createDatabase(settings, cleanup, state) {
  const database = await createBenchDatabase(settings.adminDatabaseUrl).catch((error) => {
    throw new Error(`cannot create the bench database on ${redactUrl(settings.adminDatabaseUrl)}: ${error.message}`);
  });
  state.name = database.name;
  cleanup.add(`drop database ${database.name}`, async () => {
    await database.drop();
    state.dropped = true;
  });
  return database;
}

async function startTargets(settings, database, cleanup) {
  // The app keeps files under DATA_DIR; a temporary one keeps the working tree clean.
  const dataDir = mkdtempSync(join(tmpdir(), 'seyirlik-bench-'));
  cleanup.add(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));

  // A prefix of its own, so a shared Redis keeps no trace of the run and other apps are untouched.
  const redisPrefix = database.name;
  if (settings.redisUrl) {
    cleanup.add(`delete Redis keys ${redisPrefix}:*`, () => deleteKeysWithPrefix(settings.redisUrl, redisPrefix));
  }

  const [serverPort, barePort] = await Promise.all([freePort(), freePort()]);
  const appEnv = { LOG_LEVEL: 'warn', DATABASE_URL: database.url, REDIS_URL: settings.redisUrl, REDIS_PREFIX: redisPrefix, DATA_DIR: dataDir };
  const server = startNode('server', SERVER_ENTRY, { cwd: ROOT, env: { ...process.env, ...appEnv, PORT: String(serverPort) } });
  cleanup.addChild(server);

  // The baseline imitates the app shell's size, so GET / compares like with like.
  const indexFile = join(CLIENT_DIST, 'index.html');
  const htmlBytes = existsSync(indexFile) ? statSync(indexFile).size : 1024;
  const bare = startNode('baseline', BARE_ENTRY, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(barePort), BARE_HTML_BYTES: String(htmlBytes), BARE_DATABASE_URL: database.url },
  });
  cleanup.addChild(bare);

  await Promise.all([
    waitForHealthy(server, serverPort, { timeoutMs: SERVER_START_TIMEOUT_MS }),
    waitForHealthy(bare, barePort, { timeoutMs: BARE_START_TIMEOUT_MS }),
  ]);
  return {
    targets: [
      { name: 'server', port: serverPort, handle: server },
      { name: 'baseline', port: barePort, handle: bare },
    ],
    appEnv,
  };
}

/** A second app process on the same database with its read cache off, to show what the cache does. */
async function startUncachedServer(appEnv, cleanup) {
  const port = await freePort();
  const server = startNode(UNCACHED_TARGET, SERVER_ENTRY, {
    cwd: ROOT,
    env: { ...process.env, ...appEnv, PORT: String(port), READ_CACHE_SECONDS: '0' },
  });
  cleanup.addChild(server);
  await waitForHealthy(server, port, { timeoutMs: SERVER_START_TIMEOUT_MS });
  return { name: UNCACHED_TARGET, port, handle: server };
}

/** The bare baseline answering `responsesFile`'s recorded bodies (see bare-server.mjs). */
async function startRecordedBaseline(responsesFile, cleanup) {
  const port = await freePort();
  const bare = startNode('catalog baseline', BARE_ENTRY, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), BARE_RESPONSES_FILE: responsesFile },
  });
  cleanup.addChild(bare);
  await waitForHealthy(bare, port, { timeoutMs: BARE_START_TIMEOUT_MS });
  return { name: 'baseline', port, handle: bare };
}

/** The catalog section on the running app's database, with a temporary folder of its own. */
function runCatalog(settings, database, server, appEnv, cleanup, signal) {
  const workDir = mkdtempSync(join(tmpdir(), 'seyirlik-bench-catalog-'));
  cleanup.add(`remove ${workDir}`, () => rmSync(workDir, { recursive: true, force: true }));
  return runCatalogSection({
    root: ROOT,
    settings,
    database,
    server,
    workDir,
    cleanup,
    signal,
    startBaseline: (responsesFile) => startRecordedBaseline(responsesFile, cleanup),
    startUncached: () => startUncachedServer(appEnv, cleanup),
  });
}

// ---------------------------------------------------------------------------------------------
// Client bundle

function printBundle(bundle) {
  console.log(heading('Client initial bundle (client/dist/index.html, gzip level 9)'));
  const columns = [{ title: 'asset' }, { title: 'kind' }, { title: 'raw', align: 'right' }, { title: 'gzipped', align: 'right' }];
  const rows = bundle.assets.map((asset) => [asset.url, asset.kind, formatKb(asset.rawBytes), formatKb(asset.gzipBytes)]);
  rows.push(['total JS', 'js', formatKb(bundle.js.rawBytes), formatKb(bundle.js.gzipBytes)]);
  rows.push(['total CSS', 'css', formatKb(bundle.css.rawBytes), formatKb(bundle.css.gzipBytes)]);
  for (const line of table(columns, rows)) console.log(line);
  console.log(`initial JS ${formatKb(bundle.js.gzipBytes)} gzipped, budget ${formatKb(JS_BUDGET_BYTES)}: ${budgetVerdict(bundle)}`);
}

const budgetVerdict = (bundle) => (bundle.js.gzipBytes <= JS_BUDGET_BYTES ? 'within budget' : 'over budget');

// ---------------------------------------------------------------------------------------------
// Report

/** The HTTP and catalog sections' mode; the chat, messages, flow and fan-out sections always run two processes on Redis. */
function modeLabel(settings) {
  const http = settings.redisUrl ? `scaled (REDIS_URL=${redactUrl(settings.redisUrl)})` : 'single process (REDIS_URL not set)';
  return `HTTP and catalog ${http}; chat, messages, flow and fan-out on two processes and Redis`;
}

/** Other work on the machine skews every number: the load average says how busy it was. */
const loadAverage = () => loadavg().map((value) => value.toFixed(2)).join(', ');

function printHeader(settings) {
  console.log('Seyirlik bench');
  console.log(`  node ${process.version} (every process started with ${NODE_FLAGS.join(' ')}, as deployed), ${availableParallelism()} CPUs, load average ${loadAverage()}; mode: ${modeLabel(settings)}`);
  console.log(
    `  load: ${settings.concurrency} keep-alive clients (catalog reads: ${settings.catalog.concurrency}), warm-up of every path once and ${WARMUP_MS / 1000} s, then ${settings.seconds} s per target over the warm-up's connections, at most ${formatRate(settings.maxRequests)} requests; the HTTP section's app and baseline, and the uncached session read and its baseline, side by side in ${TURNS} turns each`,
  );
  console.log(`  database server: ${redactUrl(settings.adminDatabaseUrl)}`);
}

function printLoadTable(results) {
  console.log(heading('HTTP load (server vs bare node:http baseline, same run)'));
  for (const line of loadTableLines(results)) console.log(line);
}

function printSummary({ settings, results, catalog, chat, messages, flow, notifications, timed, vitals, bundle, database, problems }) {
  const lines = [['mode', modeLabel(settings)]];
  for (const scenario of SCENARIOS) {
    const ratio = ratios(results, scenario);
    let text = ratio
      ? `${formatRate(ratio.server.rps)} req/s (${formatRatio(ratio.rps)} bare), p99 ${formatMs(ratio.server.p99)} ms (${formatRatio(ratio.p99)} bare), ${formatRate(ratio.server.errors)} errors`
      : 'not measured';
    if (ratio && scenario.floor) {
      text += `; request floor target ≥ ${formatRatio(REQUEST_FLOOR_TARGET)} bare (side by side, ${TURNS} turns each): ${ratio.rps >= REQUEST_FLOOR_TARGET ? 'met' : 'MISSED'}`;
    }
    lines.push([scenario.name, text]);
  }
  lines.push(...(catalog ? catalogSummaryLines(catalog) : [['catalog', 'not measured']]));
  lines.push(...(chat ? chatSummaryLines(chat) : [['chat', 'not measured']]));
  lines.push(...(messages ? messagesSummaryLines(messages) : [['messages', 'not measured']]));
  lines.push(...(flow ? flowSummaryLines(flow) : [['flow counts', 'not measured']]));
  lines.push(...(notifications ? notificationsSummaryLines(notifications) : [['fan-out', 'not measured']]));
  lines.push(...(timed ? timedSummaryLines(timed) : [['timed comments', 'not measured']]));
  lines.push(...(vitals ? vitalsSummaryLines(vitals) : [['web vitals', 'not measured']]));
  lines.push(
    ['machine', `load average ${loadAverage()} at the end (other work on the machine slows every number)`],
    ['initial JS', bundle ? `${formatKb(bundle.js.gzipBytes)} gzipped / ${formatKb(JS_BUDGET_BYTES)} budget: ${budgetVerdict(bundle)}` : 'not measured'],
    ['initial CSS', bundle ? `${formatKb(bundle.css.gzipBytes)} gzipped` : 'not measured'],
    ['database', database.name ? `${database.name} (${database.dropped ? 'created and dropped' : 'created, NOT dropped'})` : 'none created'],
    ['result', problems.length === 0 ? 'every benchmark ran (numbers are informational, not pass/fail)' : `${problems.length} problem(s), see below`],
  );
  const width = Math.max(...lines.map(([label]) => label.length));
  console.log(heading('Summary'));
  for (const [label, text] of lines) console.log(`${label.padEnd(width)}  ${text}`);
  for (const problem of problems) console.log(`could not run: ${problem}`);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const settings = readSettings(process.env);
  const sections = readSections(process.argv.slice(2));
  const cleanup = new Cleanup();
  const abort = new AbortController();
  installSignalHandlers(cleanup, abort);
  printHeader(settings);

  const problems = [];
  let results = [];
  let catalog = null;
  /** The other sections' results, by name, once measured. */
  const measured = {};
  const databaseState = { name: null, dropped: false };
  if (!existsSync(SERVER_ENTRY)) problems.push(`${SERVER_ENTRY} not found: build first (npm run build)`);
  if (problems.length === 0 && sections.includes('http')) {
    await runSection('HTTP', cleanup, problems, async (scope) => {
      console.log(heading('Starting the server and the baseline'));
      const database = await createDatabase(settings, scope, databaseState);
      const { targets, appEnv } = await startTargets(settings, database, scope);
      console.log(`  server on 127.0.0.1:${targets[0].port} (database ${database.name}), baseline on 127.0.0.1:${targets[1].port}`);
      results = await runSideBySide(SCENARIOS, targets, settings, abort.signal);
      for (const result of results) {
        if (result.error) problems.push(`${result.scenario.name} against ${result.target}: ${result.error}`);
      }
      catalog = await runCatalog(settings, database, targets[0], appEnv, scope, abort.signal);
      problems.push(...catalogProblems(catalog));
    });
  }
  // The other sections come after it (their processes would skew the HTTP numbers), each on its
  // own, and run even when the HTTP section failed.
  const laterSections = [
    ['chat', runChatSection, chatProblems],
    ['messages', runMessagesSection, messagesProblems],
    ['flow', runFlowSection, flowProblems],
    ['notifications', runNotificationsSection, notificationsProblems],
    ['timed', runTimedSection, timedProblems],
    ['vitals', runVitalsSection, vitalsProblems],
  ];
  for (const [name, runOne, problemsOf] of laterSections) {
    if (!existsSync(SERVER_ENTRY) || !sections.includes(name)) continue;
    const section = await runSection(name, cleanup, problems, async (scope) => {
      const result = await runOne({ root: ROOT, settings, cleanup: scope, signal: abort.signal });
      problems.push(...problemsOf(result));
      return result;
    });
    if (section !== null) measured[name] = section;
  }
  problems.push(...(await cleanup.run()));
  if (results.length > 0) printLoadTable(results);
  if (catalog) printCatalogResults(catalog);
  const { chat = null, messages = null, flow = null, notifications = null, timed = null, vitals = null } = measured;
  if (chat) printChatResults(chat);
  if (messages) printMessagesResults(messages);
  if (flow) printFlowResults(flow);
  if (notifications) printNotificationsResults(notifications);
  if (timed) printTimedResults(timed);
  if (vitals) printVitalsResults(vitals);

  let bundle = null;
  if (sections.includes('bundle')) {
    try {
      bundle = measureInitialBundle(CLIENT_DIST);
      printBundle(bundle);
    } catch (error) {
      problems.push(`client bundle: ${error.message}`);
    }
  }

  printSummary({ settings, results, catalog, chat, messages, flow, notifications, timed, vitals, bundle, database: databaseState, problems });
  // Exit explicitly: a client library keeping a handle open must not keep the bench alive.
  process.exit(problems.length > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(`bench failed: ${error.stack ?? error}`);
  process.exit(1);
});
