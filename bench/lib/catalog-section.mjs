// The catalog section of the bench: the catalog at the size it is built for, its reads measured
// against the app's p99 target next to a bare baseline answering the same bodies, what each
// request costs the app and PostgreSQL, and the search plan at that scale.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { importDemoCatalog, multiplyCatalog, waitForTitlePages } from './catalog-data.mjs';
import { BROWSER_ACCEPT_ENCODING, catalogReads, DatabaseMeter, explainSearch } from './catalog-reads.mjs';
import { waitUntilQuiet } from './cpu.mjs';
import { formatMs, formatRate, formatRatio, heading, table } from './format.mjs';
import { isAppTarget, loadTableLines, ratios, runInTurns, runScenarios, runSideBySide, TURNS } from './scenarios.mjs';

/** The catalog's reads should answer within this at the 99th percentile, at the catalog's concurrency. */
const CATALOG_P99_TARGET_MS = 50;
/**
 * Reads the cache cannot answer (a distinct search, an unseen title page) should answer within this
 * many times the p99 of the session read on the server without its read cache, in the same run:
 * the cost of the server's request pipeline alone. Each is measured in turns with that session
 * read (measureInTurns in scenarios.mjs), and judged against its p99 over those turns.
 */
const UNCACHED_READ_P99_RATIO = 1.5;
/** The request pipeline's floor: an uncached read of nothing at this share of the bare baseline's req/s, or more. */
const REQUEST_FLOOR_TARGET = 0.4;
/** No catalog read, answered from the cache or not, should cost PostgreSQL more CPU per request than this. */
const DATABASE_CPU_TARGET_MS = 2;
/** The read whose p99 on the server without its read cache is the pipeline's own. */
const SESSION_READ = 'home: session';
/** A word in about one name of fourteen: the search ranks some 1,500 matches for it. */
const EXPLAINED_TERM = 'Işık';
const SEARCH_INDEX = 'title_search_idx';

const formatSeconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const formatCost = (value) => (value === null || value === undefined ? '-' : formatMs(value));
const meetsTarget = (result) => result.p99 < CATALOG_P99_TARGET_MS;

/** Requests in flight while recording the app's bodies. */
const RECORDING_CONCURRENCY = 8;

/**
 * Fetches every path of every read once from the app: each must answer 200 (a read that does
 * not is set aside with its first error), and the bodies become the baseline's. Returns the
 * recorded bodies by path; each read gets its mean body size.
 */
async function recordBodies(reads, server) {
  const recorded = {};
  for (const read of reads.filter((read) => !isDistinct(read))) {
    const pending = [...read.paths];
    const fetchNext = async () => {
      for (let path = pending.shift(); path !== undefined && !read.error; path = pending.shift()) {
        const response = await fetch(`http://127.0.0.1:${server.port}${path}`, { headers: read.headers });
        const body = await response.text();
        if (response.status === 200) recorded[path] = body;
        else read.error = `${path} answered HTTP ${response.status}: ${body.slice(0, 200)}`;
      }
    };
    await Promise.all(Array.from({ length: RECORDING_CONCURRENCY }, fetchNext));
    read.bytes = read.paths.reduce((sum, path) => sum + Buffer.byteLength(recorded[path] ?? ''), 0) / read.paths.length;
  }
  return recorded;
}

/**
 * A read of distinct paths asked once each (catalog-reads.mjs): measured on the server alone, as
 * deployed; asking the app for a baseline's bodies, or the other process, would ask them twice.
 */
const isDistinct = (read) => read.warmupPaths !== undefined;

/** The name of the second app process, on the same database with its read cache off. */
export const UNCACHED_TARGET = 'server, no read cache';

/**
 * Loads the catalog into the app's database (the app is running on it), then measures every read
 * against the app as deployed, a bare baseline started by `startBaseline(responsesFile)` with the
 * app's own bodies, and, for reference, a second app process started by `startUncached()` with
 * READ_CACHE_SECONDS=0 (every request computed). `cleanup.add(label, release)` takes what must be
 * released.
 */
export async function runCatalogSection({ root, settings, database, server, workDir, cleanup, signal, startBaseline, startUncached }) {
  const { titles, episodes, concurrency } = settings.catalog;
  console.log(heading(`Catalog at scale: the demo catalog multiplied to ${formatRate(titles)} titles and ${formatRate(episodes)} episodes`));
  const started = performance.now();
  const importLines = await importDemoCatalog({ root, databaseUrl: database.url, workDir });
  const importMs = performance.now() - started;
  console.log(`  demo catalog imported with the catalog:import CLI in ${formatSeconds(importMs)} (${importLines[0]})`);
  const { counts, steps } = await multiplyCatalog(database.url, { titles, episodes, root });
  const loadMs = performance.now() - started;
  const stepTimes = steps.map((step) => (step.ms === null ? step.label : `${step.label} ${formatSeconds(step.ms)}`));
  console.log(`  multiplied with set-based SQL: ${stepTimes.join(', ')}`);
  const pagesMs = await waitForTitlePages(database.url, { signal });
  console.log(`  every title's page stored by the server ${formatSeconds(pagesMs)} after the change was announced`);

  const reads = (await catalogReads(database.url)).map((read) => ({ ...read, headers: { accept: 'application/json', ...read.headers } }));
  const recorded = await recordBodies(reads, server);
  const responsesFile = join(workDir, 'responses.json');
  writeFileSync(responsesFile, JSON.stringify(recorded));
  const baseline = await startBaseline(responsesFile);
  const uncached = await startUncached();
  // The server without its read cache holds every stored title page and builds its search index as
  // it starts: measured meanwhile, the first read against the server shared the cores with that.
  const { waitedMs, quiet } = await waitUntilQuiet([server, baseline, uncached].map((target) => target.handle.child.pid), { signal });
  console.log(`  ${quiet ? `every target idle after ${formatSeconds(waitedMs)}` : `targets still busy after ${formatSeconds(waitedMs)}, measured anyway`}`);

  const meter = new DatabaseMeter(settings.adminDatabaseUrl, database.name);
  await meter.connect();
  cleanup.add('close the database meter', () => meter.close());
  console.log(
    `  measuring at ${concurrency} concurrent clients (server on 127.0.0.1:${server.port}, baseline on 127.0.0.1:${baseline.port}, ` +
      `the server without its read cache on 127.0.0.1:${uncached.port})`,
  );
  const measured = reads.filter((read) => !read.error);
  const load = { concurrency, seconds: settings.seconds, maxRequests: settings.maxRequests };
  const results = [];
  for (const read of measured.filter((read) => !isDistinct(read))) {
    if (read.name === SESSION_READ) {
      // The request floor is the uncached session read's share of the baseline's: the two side by side.
      results.push(...(await runScenarios([read], [server], load, signal, meter)));
      results.push(...(await runSideBySide([read], [uncached, baseline], load, signal, meter)));
    } else {
      results.push(...(await runScenarios([read], [server, baseline, uncached], load, signal, meter)));
    }
  }
  // Each distinct read is judged against the uncached session read measured in turns with it.
  const session = measured.find((read) => read.name === SESSION_READ);
  if (session) results.push(...(await runInTurns(measured.filter(isDistinct), server, session, uncached, load, signal, meter)));
  const plan = await explainSearch({ root, databaseUrl: database.url, term: EXPLAINED_TERM });
  return { counts, loadMs, reads, results, plan, concurrency };
}

/** Problems to report: reads that could not be measured, and targets that could not be judged. */
export function catalogProblems(section) {
  const targets = catalogTargets(section);
  return [
    ...section.reads.filter((read) => read.error).map((read) => `catalog read "${read.name}": ${read.error}`),
    ...section.results.filter((result) => result.error).map((result) => `catalog read "${result.scenario.name}" against ${result.target}: ${result.error}`),
    ...targets.filter((target) => target.met === null).map((target) => `catalog target "${target.label}" not judged: ${target.text}`),
  ];
}

const findResult = (section, name, target) => section.results.find((result) => result.scenario.name === name && result.target === target && !result.error);

/**
 * The targets for what the read cache cannot answer, judged on this run: [{ label, short (for the
 * summary), met (true, false, or null when not measured), text }]. Each distinct read's p99
 * against 1.5 times the uncached session read's; every catalog read's PostgreSQL CPU per request,
 * on both app processes.
 */
export function catalogTargets(section) {
  const session = findResult(section, SESSION_READ, UNCACHED_TARGET);
  const targets = ['search, distinct', 'title page, unseen'].map((name) => {
    const label = `p99 of ${name} <= ${UNCACHED_READ_P99_RATIO}x p99 of the uncached session read, measured in ${TURNS} turns each with it`;
    const short = `${name} target`;
    const result = findResult(section, name, 'server');
    if (!result) return { label, short, met: null, text: `not measured (${session ? name : SESSION_READ})` };
    const { reference } = result;
    const limit = UNCACHED_READ_P99_RATIO * reference.p99;
    const met = result.p99 <= limit;
    return {
      label,
      short,
      met,
      text:
        `p99 ${formatMs(result.p99)} ms vs ${UNCACHED_READ_P99_RATIO} x ${formatMs(reference.p99)} ms = ${formatMs(limit)} ms (${formatRatio(result.p99 / reference.p99)}): ${met ? 'met' : 'MISSED'}; ` +
        `PostgreSQL ${formatCost(result.usage.databaseCpuMs)} ms CPU/req, app ${formatCost(result.usage.appCpuMs)} ms CPU/req`,
    };
  });
  targets.push(requestFloorTarget(section, session));
  const appResults = section.results.filter((result) => isAppTarget(result.target) && !result.error);
  const unknown = appResults.filter((result) => !Number.isFinite(result.usage.databaseCpuMs));
  const label = `PostgreSQL CPU <= ${DATABASE_CPU_TARGET_MS} ms per request for every catalog read, cached or not`;
  const short = `PostgreSQL <= ${DATABASE_CPU_TARGET_MS} ms/req`;
  if (appResults.length === 0 || unknown.length > 0) {
    targets.push({ label, short, met: null, text: `no PostgreSQL CPU for ${unknown.map(readAndTarget).join(', ') || 'any read'} (PostgreSQL not on this machine?)` });
  } else {
    const over = appResults.filter((result) => result.usage.databaseCpuMs > DATABASE_CPU_TARGET_MS);
    const highest = appResults.reduce((high, result) => (result.usage.databaseCpuMs > high.usage.databaseCpuMs ? result : high));
    targets.push({
      label,
      short,
      met: over.length === 0,
      text:
        over.length === 0
          ? `met by all ${appResults.length} (highest: ${readAndTarget(highest)}, ${formatMs(highest.usage.databaseCpuMs)} ms)`
          : `MISSED by ${over.map((result) => `${readAndTarget(result)} ${formatMs(result.usage.databaseCpuMs)} ms`).join(', ')}`,
    });
  }
  return targets;
}

/**
 * The request pipeline's floor on a read that asks nothing of the database: the uncached session
 * read's req/s as a share of the bare baseline's answering the same body (/healthz's is in the
 * HTTP section).
 */
function requestFloorTarget(section, session) {
  const label = `uncached session read >= ${formatRatio(REQUEST_FLOOR_TARGET)} the bare baseline's req/s (the request floor; side by side, ${TURNS} turns each)`;
  const short = 'request floor';
  const bare = findResult(section, SESSION_READ, 'baseline');
  if (!session || !bare) return { label, short, met: null, text: 'not measured' };
  const ratio = session.rps / bare.rps;
  const met = ratio >= REQUEST_FLOOR_TARGET;
  return {
    label,
    short,
    met,
    text: `${formatRate(session.rps)} vs ${formatRate(bare.rps)} req/s = ${formatRatio(ratio)}: ${met ? 'met' : 'MISSED'}`,
  };
}

const readAndTarget = (result) => `${result.scenario.name} on ${result.target}`;

function serverResults(section, target = 'server') {
  return section.results.filter((result) => result.target === target && !result.error);
}

/** Which side of a request used more CPU: the app or PostgreSQL. */
function dominant({ usage }) {
  if (usage.appCpuMs === null || usage.databaseCpuMs === null) return '-';
  return usage.appCpuMs >= usage.databaseCpuMs ? 'app' : 'PostgreSQL';
}

export function printCatalogResults(section) {
  console.log(heading('Catalog data (after VACUUM ANALYZE)'));
  const countColumns = Object.keys(section.counts).map((name) => ({ title: name, align: 'right' }));
  for (const line of table(countColumns, [Object.values(section.counts).map(formatRate)])) console.log(line);
  console.log(`loaded in ${formatSeconds(section.loadMs)}`);

  console.log(
    heading(`Catalog reads at ${section.concurrency} concurrent clients (server vs bare node:http answering the same bodies from memory)`),
  );
  const serverOnly = (value) => (result) => (isAppTarget(result.target) ? value(result) : '');
  const extra = [
    { title: `p99 < ${CATALOG_P99_TARGET_MS} ms`, value: serverOnly((result) => (meetsTarget(result) ? 'yes' : 'NO')) },
    { title: 'db queries/req', value: serverOnly((result) => result.usage.queries.toFixed(1)) },
    { title: 'process CPU ms/req', value: (result) => formatCost(result.usage.appCpuMs) },
    { title: 'PostgreSQL CPU ms/req', value: (result) => (isAppTarget(result.target) ? formatCost(result.usage.databaseCpuMs) : 'none') },
    { title: 'most CPU', value: serverOnly(dominant) },
  ];
  for (const line of loadTableLines(section.results, extra)) console.log(line);
  const connections = Math.max(0, ...serverResults(section).map((result) => result.usage.connections));
  console.log(
    `(db queries/req: transactions committed in the app's database per request, as PostgreSQL's statistics have them: a busy connection's count may reach them only later, so a read can show some of an earlier one's; process CPU: of the server or baseline process; ` +
      `PostgreSQL CPU: user and system CPU of the app's ${connections} PostgreSQL backend processes per request, the PostgreSQL time of a read ` +
      `(the baseline has no database); the server logs at LOG_LEVEL=warn, so no line per request)`,
  );
  for (const line of distinctReadNotes(section)) console.log(line);
  for (const line of explainMisses(section)) console.log(line);
  for (const line of uncachedLines(section)) console.log(line);

  console.log(heading('Catalog targets for what the read cache cannot answer (same run)'));
  for (const target of catalogTargets(section)) console.log(`  ${target.label}: ${target.text}`);

  console.log(heading(`Search plan at this scale: EXPLAIN (ANALYZE, BUFFERS) of SearchService's query for q=${EXPLAINED_TERM}`));
  for (const line of section.plan) console.log(`  ${line}`);
  console.log(`trigram index ${SEARCH_INDEX}: ${usesSearchIndex(section) ? 'used' : 'NOT used'}`);
}

const usesSearchIndex = (section) => section.plan.some((line) => line.includes(SEARCH_INDEX));

/** How the distinct reads were asked: each path once, so a run may end before its time when they run out. */
function distinctReadNotes(section) {
  return section.results
    .filter((result) => isDistinct(result.scenario) && !result.error)
    .map(
      (result) =>
        `(${result.scenario.name}: ${formatRate(result.requests + result.errors)} paths asked once each on the server (read cache on), none asked before, ` +
        `with a browser's Accept-Encoding (${BROWSER_ACCEPT_ENCODING})` +
        (result.exhausted ? `; all ${formatRate(result.scenario.paths.length)} asked in ${result.seconds.toFixed(1)} s of measurement` : '') +
        `; measured in ${TURNS} turns taken in turn with the session read on the server without its read cache, each as long as the read's turn before it, ` +
        `which did ${formatRate(result.reference.rps)} req/s, p50 ${formatMs(result.reference.p50)} ms, p99 ${formatMs(result.reference.p99)} ms ` +
        `in its ${result.reference.seconds.toFixed(1)} s of turns; ` +
        'no baseline: its bodies would have to be asked of the server first)',
    )
    .concat(
      section.results
        .filter((result) => isDistinct(result.scenario) && !result.error && result.turns)
        .map((result) => `(${result.scenario.name}, its turns in order: ${result.turns.map(turnNote).join('; ')})`),
    );
}

/** A turn of a distinct read or of the session read, with how long the load generator and the server waited for a core meanwhile. */
function turnNote(turn) {
  const waited = (ms) => (ms === null ? '?' : formatRate(ms));
  return (
    `${turn.distinct ? 'read' : 'session read'} ${turn.seconds.toFixed(2)} s, ${formatRate(turn.requests)} answers, p99 ${formatMs(turn.p99)} ms, ` +
    `waited for a core ${waited(turn.generatorWaitMs)} ms (load generator) and ${waited(turn.serverWaitMs)} ms (server)`
  );
}

/**
 * Why a read misses the target, from the numbers of this run: at C concurrent clients the mean
 * latency is C / throughput (Little's law), so a p99 under the target needs more than
 * C / target requests per second; the app's CPU per request bounds its throughput on one core.
 */
function explainMisses(section) {
  const missed = serverResults(section).filter((result) => !meetsTarget(result));
  if (missed.length === 0) return [`every catalog read met p99 < ${CATALOG_P99_TARGET_MS} ms`];
  const needed = section.concurrency / (CATALOG_P99_TARGET_MS / 1000);
  const lines = [
    `${missed.length} of ${serverResults(section).length} catalog reads missed p99 < ${CATALOG_P99_TARGET_MS} ms. With ${section.concurrency} requests always in flight, ` +
      `the mean latency is ${section.concurrency} / throughput, so p99 < ${CATALOG_P99_TARGET_MS} ms needs well over ${formatRate(needed)} req/s:`,
  ];
  for (const result of missed) {
    const ratio = ratios(section.results, result.scenario);
    const ceiling = result.usage.appCpuMs ? ` (at most ~${formatRate(1000 / result.usage.appCpuMs)} req/s on one core)` : '';
    lines.push(
      `  ${result.scenario.name}: ${formatRate(result.rps)} req/s, p99 ${formatMs(result.p99)} ms; ` +
        `app ${formatCost(result.usage.appCpuMs)} ms CPU/req${ceiling}, PostgreSQL ${formatCost(result.usage.databaseCpuMs)} ms CPU/req` +
        (ratio ? `; the bare baseline did ${formatRate(ratio.baseline.rps)} req/s, p99 ${formatMs(ratio.baseline.p99)} ms` : ''),
    );
  }
  const measuredCpu = serverResults(section).filter((result) => result.usage.appCpuMs);
  if (measuredCpu.length > 0) {
    const cheapest = measuredCpu.reduce((low, result) => (result.usage.appCpuMs < low.usage.appCpuMs ? result : low));
    lines.push(
      `The cheapest read (${cheapest.scenario.name}) already costs the app ${formatMs(cheapest.usage.appCpuMs)} ms of CPU per request, ` +
        `so one server process answers at most ~${formatRate(1000 / cheapest.usage.appCpuMs)} req/s whatever the database does.`,
    );
  }
  return lines;
}

/** What the read cache does: the same reads computed on every request, for reference. */
function uncachedLines(section) {
  const uncached = serverResults(section, UNCACHED_TARGET);
  if (uncached.length === 0) return [];
  const missed = uncached.filter((result) => !meetsTarget(result));
  return [
    `Without the read cache (READ_CACHE_SECONDS=0, "${UNCACHED_TARGET}" rows: every request reads PostgreSQL), ` +
      `${missed.length} of ${uncached.length} reads miss p99 < ${CATALOG_P99_TARGET_MS} ms: ` +
      uncached.map((result) => `${result.scenario.name} p99 ${formatMs(result.p99)} ms`).join(', ') +
      '. As deployed, each process computes a read once per READ_CACHE_SECONDS and per catalog import.',
  ];
}

/** Summary lines ([label, text]) for the catalog section. */
export function catalogSummaryLines(section) {
  const lines = [['catalog', `${formatRate(section.counts.title)} titles, ${formatRate(section.counts.episode)} episodes, loaded in ${formatSeconds(section.loadMs)}`]];
  for (const result of serverResults(section)) {
    lines.push([
      result.scenario.name,
      `${formatRate(result.rps)} req/s, p99 ${formatMs(result.p99)} ms: ${meetsTarget(result) ? 'under' : 'OVER'} the ${CATALOG_P99_TARGET_MS} ms target`,
    ]);
  }
  const uncached = serverResults(section, UNCACHED_TARGET);
  if (uncached.length > 0) {
    const worst = uncached.reduce((high, result) => (result.p99 > high.p99 ? result : high));
    lines.push(['without read cache', `worst p99 ${formatMs(worst.p99)} ms (${worst.scenario.name}), for reference`]);
  }
  for (const target of catalogTargets(section)) lines.push([target.short, target.text]);
  lines.push(['search plan', usesSearchIndex(section) ? `uses the trigram index ${SEARCH_INDEX}` : `does NOT use ${SEARCH_INDEX}`]);
  return lines;
}
