// Scenarios measured against the app and the bare baseline, and the table that sets them side by side.
import { cpuSeconds, runQueueWaitMs } from './cpu.mjs';
import { formatMs, formatRate, formatRatio, table } from './format.mjs';
import { clientConnections, get, percentile, runLoad } from './load.mjs';

/**
 * Load before each measurement, unrecorded: every path of the scenario once (a cache the target
 * keeps holds them all, as it would after its first visitors), then this long, so JIT, connection
 * pools and keep-alive sockets settle; the measurement follows it over the same connections without
 * a pause, each client going on from its last warm-up request (runLoad's `warmup`).
 */
export const WARMUP_MS = 1000;

/**
 * A read of distinct paths (each asked once) warms up for this long instead: it runs code the
 * other reads never run (the live search's index and a compression per answer), and its warm-up
 * is that code's first seconds in the process. Measured after 1 s, the distinct searches cost the
 * server 0.16 to 0.20 ms of CPU each in four runs; after 5 s, 0.12 to 0.21 ms, as in a server that
 * has been answering searches for a while (their p99 was 2.7 to 3.2 times the session read's after
 * 1 s, and 1.14 to 2.69 times after 5 s: the warm-up makes the figure fairer, not met).
 */
export const DISTINCT_WARMUP_MS = 5000;

/** One request before the load, so a target that does not answer is reported rather than measured: { bytes } or { error }. */
async function probeAnswer(target, path, headers) {
  const probe = await get({ port: target.port, path, headers }).catch((error) => ({ status: null, error }));
  if (probe.error) return { error: `no answer before the load started: ${probe.error.message}` };
  if (probe.status !== 200) return { error: `answered HTTP ${probe.status} before the load started` };
  return { bytes: probe.bytes };
}

/**
 * What the measured requests cost: the app's CPU time (`appCpuSeconds` over the `sent` measured
 * requests, null when it could not be read) and, with a `meter` sampled as `database` before the
 * warm-up, PostgreSQL's transactions and CPU time over the warm-up's and the measurement's requests.
 */
async function usagePerRequest(appCpuSeconds, sent, warmupRequests, meter, database) {
  const usage = { appCpuMs: appCpuSeconds === null ? null : (appCpuSeconds * 1000) / sent };
  if (meter) {
    const used = await meter.since(database);
    const metered = sent + warmupRequests;
    usage.queries = used.transactions / metered;
    usage.databaseCpuMs = used.cpu === null ? null : (used.cpu * 1000) / metered;
    usage.connections = used.connections;
  }
  return usage;
}

/**
 * One scenario ({ name, what, paths, headers, bytes?, warmupPaths? }) against one target: a check
 * that it answers, a warm-up, then the measurement. The app's CPU time per request comes along;
 * with a `meter` (catalog-reads.mjs) also its database queries and PostgreSQL's CPU time per
 * request, over the warm-up and the measurement together: the meter's sample waits a second for
 * PostgreSQL's counters, a pause that must not come between the two.
 *
 * A scenario with `warmupPaths` is one of distinct requests, each asked once in the whole run: the
 * check and the warm-up (DISTINCT_WARMUP_MS, or until they run out) ask only `warmupPaths` (each
 * once too), so no measured path has been asked before, and the measurement asks every path at
 * most once (it ends early when they run out).
 */
async function measure(scenario, target, load, signal, meter) {
  const request = { port: target.port, headers: scenario.headers };
  const distinct = scenario.warmupPaths !== undefined;
  const [probePath, ...warmupPaths] = distinct ? scenario.warmupPaths : scenario.paths;
  const probe = await probeAnswer(target, probePath, scenario.headers);
  if (probe.error) return { error: probe.error };
  const bytes = scenario.bytes ?? probe.bytes;

  // The warm-up opens the clients' connections, and the measurement goes on over them.
  const agent = clientConnections(load.concurrency);
  const run = { ...request, paths: scenario.paths, concurrency: load.concurrency, maxRequests: load.maxRequests, signal, once: distinct, agent };
  try {
    let warmup;
    if (distinct) {
      warmup = { paths: warmupPaths, durationMs: DISTINCT_WARMUP_MS, once: true };
    } else {
      await runLoad({ ...run, maxRequests: scenario.paths.length, durationMs: Number.POSITIVE_INFINITY });
      warmup = { paths: scenario.paths, durationMs: WARMUP_MS };
    }
    const database = meter ? await meter.sample() : null;
    let cpuBefore = null;
    const result = await runLoad({ ...run, durationMs: load.seconds * 1000, warmup, onMeasure: () => (cpuBefore = cpuSeconds(target.handle.child.pid)) });
    const cpuAfter = cpuSeconds(target.handle.child.pid);
    if (result.requests === 0) return { error: `no successful request (first error: ${result.firstError ?? 'none'})`, bytes };
    const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    const usage = await usagePerRequest(cpu, result.requests + result.errors, result.warmupRequests, meter, database);
    // A distinct read's bodies are known only as they are measured.
    return { ...result, bytes: distinct ? result.meanBytes : bytes, usage };
  } finally {
    agent.destroy();
  }
}

/**
 * How many turns a distinct read and the read it is judged against each take (measureInTurns).
 * Measured once each, minutes apart, the same read's p99 moved by half from one measurement to
 * the next on a shared two-core machine (the load generator's own pace with it), so a ratio of
 * two such figures said more about when each was taken than about the reads.
 */
export const TURNS = 4;

/**
 * Before each turn but the distinct read's first, the side's server answers the reference read
 * (a read of nothing) for this long, unrecorded, over the connections each side keeps between its
 * turns. A server that stood idle while the other side's turn ran answered the first 100 to 150 ms
 * of its next turn late (minor collections, event loop lag of 10 to 25 ms), a start no server
 * under steady load has: warmed up by 200 requests (some 25 ms) of its own paths instead, a turn
 * of unseen title pages often had a p99 twice its others'. Both sides warm up alike, on a path
 * that neither reads the database nor fills a cache.
 */
const TURN_WARMUP_MS = 300;

/**
 * A read of distinct paths (`scenario`, with `warmupPaths`) on `target`, measured in TURNS turns
 * taken in turn with `reference` on `referenceTarget` (D R R D D R R D …, neither always first),
 * so both are measured over the same stretch of the run and a slower or faster spell of the
 * machine falls on both. The distinct read warms up as measure() has it before its first turn,
 * and each side for TURN_WARMUP_MS before its other turns. The distinct read's measured paths are
 * shared out evenly between its turns, each lasting at most load.seconds / TURNS (less when its
 * paths run out). Each of the reference's turns lasts as long as the distinct read's turn just before it:
 * a p99 is the answers of the slowest 1 %, and a pause of the machine (a garbage collection, the
 * host) of a few tens of milliseconds holds up a fixed number of answers, a share of a short
 * measurement several times its share of a long one. Each side's p50 and p99 are of its turns'
 * latencies pooled. Returns the distinct read's result (usage as measure() gives it, over its
 * turns) with `reference`: the reference read's { requests, seconds, rps, p50, p99 } over its turns,
 * and `turns`: each turn in order, { distinct, seconds, requests, p99, generatorWaitMs,
 * serverWaitMs }. The waits are how long the load generator's event loop and the answering
 * server's waited for a core during the turn (null where /proc cannot tell): on two cores, a turn
 * of a few tenths of a second in which both waited a tenth of a second had two to five times the
 * p99 of the others, with no other process busy meanwhile, so the waits are printed with each turn.
 */
export async function measureInTurns(scenario, target, reference, referenceTarget, load, signal, meter) {
  const sides = [
    { scenario, target, agent: clientConnections(load.concurrency), latencies: [], requests: 0, errors: 0, firstError: null, seconds: 0, cpuSeconds: 0 },
    { scenario: reference, target: referenceTarget, agent: clientConnections(load.concurrency), latencies: [], requests: 0, errors: 0, firstError: null, seconds: 0, cpuSeconds: 0 },
  ];
  try {
    const [probePath, ...warmupPaths] = scenario.warmupPaths;
    for (const [side, path] of [[sides[0], probePath], [sides[1], reference.paths[0]]]) {
      const probe = await probeAnswer(side.target, path, side.scenario.headers);
      if (probe.error) return { error: `${side.scenario.name} on ${side.target.name}: ${probe.error}` };
    }
    const turnMs = (load.seconds * 1000) / TURNS;
    const { paths } = scenario;
    const database = meter ? await meter.sample() : null;
    let warmupRequests = 0;
    let bodyBytes = 0;
    let exhausted = true;
    let lastDistinctMs = turnMs;
    const turns = [];
    for (let turn = 0; turn < TURNS; turn += 1) {
      const order = turn % 2 === 0 ? [sides[0], sides[1]] : [sides[1], sides[0]];
      for (const side of order) {
        if (signal?.aborted) throw new Error('interrupted');
        const distinct = side === sides[0];
        const pid = side.target.handle.child.pid;
        let cpuBefore = null;
        let waitedBefore = null;
        const result = await runLoad({
          port: side.target.port,
          headers: side.scenario.headers,
          paths: distinct ? paths.slice(Math.floor((turn * paths.length) / TURNS), Math.floor(((turn + 1) * paths.length) / TURNS)) : side.scenario.paths,
          once: distinct,
          concurrency: load.concurrency,
          durationMs: distinct ? turnMs : lastDistinctMs,
          maxRequests: load.maxRequests,
          signal,
          agent: side.agent,
          keepLatencies: true,
          warmup:
            distinct && turn === 0
              ? { paths: warmupPaths, durationMs: DISTINCT_WARMUP_MS, once: true }
              : { paths: reference.paths, durationMs: TURN_WARMUP_MS },
          onMeasure: () => {
            cpuBefore = cpuSeconds(pid);
            waitedBefore = [runQueueWaitMs(process.pid), runQueueWaitMs(pid)];
          },
        });
        const cpuAfter = cpuSeconds(pid);
        const [generatorWaitMs, serverWaitMs] = [runQueueWaitMs(process.pid), runQueueWaitMs(pid)].map((now, at) =>
          now === null || waitedBefore?.[at] == null ? null : now - waitedBefore[at],
        );
        turns.push({ distinct, seconds: result.seconds, requests: result.requests, p99: result.p99, generatorWaitMs, serverWaitMs });
        addTurn(side, result, cpuBefore, cpuAfter);
        if (distinct) {
          lastDistinctMs = result.seconds * 1000;
          // The database meter's requests: the distinct read's own (the reference read asks nothing of it).
          if (turn === 0) warmupRequests += result.warmupRequests;
          if (result.requests > 0) bodyBytes += result.meanBytes * result.requests;
          exhausted &&= result.exhausted;
        }
      }
    }
    const [measured, judged] = sides.map((side) => {
      const latencies = pooled(side.latencies);
      return { ...side, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), rps: side.requests / side.seconds };
    });
    if (measured.requests === 0) return { error: `no successful request (first error: ${measured.firstError ?? 'none'})` };
    if (judged.requests === 0) return { error: `${reference.name} on ${referenceTarget.name}: no successful request (first error: ${judged.firstError ?? 'none'})` };
    const usage = await usagePerRequest(measured.cpuSeconds, measured.requests + measured.errors, warmupRequests, meter, database);
    return {
      requests: measured.requests,
      errors: measured.errors,
      firstError: measured.firstError,
      seconds: measured.seconds,
      rps: measured.rps,
      p50: measured.p50,
      p99: measured.p99,
      exhausted,
      bytes: bodyBytes / measured.requests,
      warmupRequests,
      usage,
      turns,
      reference: { name: reference.name, target: referenceTarget.name, requests: judged.requests, seconds: judged.seconds, rps: judged.rps, p50: judged.p50, p99: judged.p99 },
    };
  } finally {
    for (const side of sides) side.agent.destroy();
  }
}

/**
 * A turn's `result` (runLoad with keepLatencies) added to its side's totals: its latencies, answers,
 * errors, seconds and the side's process CPU between `cpuBefore` and `cpuAfter` (null once either is).
 */
function addTurn(side, result, cpuBefore, cpuAfter) {
  side.cpuSeconds = cpuBefore === null || cpuAfter === null || side.cpuSeconds === null ? null : side.cpuSeconds + cpuAfter - cpuBefore;
  side.latencies.push(result.latencies);
  side.requests += result.requests;
  side.errors += result.errors;
  side.firstError ??= result.firstError;
  side.seconds += result.seconds;
}

/** Latencies measured in parts (each ascending), pooled and sorted. */
function pooled(parts) {
  const all = new Float64Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all.sort();
}

/**
 * One scenario ({ name, paths, headers, bytes? }) against each of `targets` side by side: TURNS
 * turns each, taken in turn and in a rotating order (A B, B A, A B, …), each lasting
 * load.seconds / TURNS, so every target is measured over the same stretch of the run and a
 * slower or faster spell of the machine falls on all of them. Measured one after the other, five
 * seconds each, the uncached session read's share of the bare baseline's req/s moved between 0.33
 * and 0.47 from run to run on a shared two-core machine, its own pace and the baseline's moving by
 * a third between runs minutes apart. Each target first warms up as measure() has it, and for
 * TURN_WARMUP_MS on its own paths before each later turn (the others' turns leave it idle). Returns
 * a result per target, in `targets`' order, as measure() gives one (its p50 and p99 of the
 * latencies of its turns pooled); with a `meter`, the first target's usage includes PostgreSQL's
 * work over the whole measurement, which must then be the first target's alone.
 */
export async function measureSideBySide(scenario, targets, load, signal, meter = null) {
  const sides = targets.map((target) => ({ target, agent: clientConnections(load.concurrency), latencies: [], requests: 0, errors: 0, firstError: null, seconds: 0, cpuSeconds: 0, warmupRequests: 0, bytes: 0 }));
  try {
    for (const side of sides) {
      const probe = await probeAnswer(side.target, scenario.paths[0], scenario.headers);
      if (probe.error) return targets.map((target) => (target === side.target ? { error: probe.error } : { error: `not measured: ${side.target.name} ${probe.error}` }));
      side.bytes = scenario.bytes ?? probe.bytes;
    }
    const turnMs = (load.seconds * 1000) / TURNS;
    const database = meter ? await meter.sample() : null;
    for (let turn = 0; turn < TURNS; turn += 1) {
      const shift = turn % sides.length;
      const order = [...sides.slice(shift), ...sides.slice(0, shift)];
      for (const side of order) {
        if (signal?.aborted) throw new Error('interrupted');
        const run = { port: side.target.port, headers: scenario.headers, paths: scenario.paths, concurrency: load.concurrency, maxRequests: load.maxRequests, signal, agent: side.agent };
        if (turn === 0) {
          await runLoad({ ...run, maxRequests: scenario.paths.length, durationMs: Number.POSITIVE_INFINITY });
          side.warmupRequests += scenario.paths.length;
        }
        const pid = side.target.handle.child.pid;
        let cpuBefore = null;
        const result = await runLoad({
          ...run,
          durationMs: turnMs,
          keepLatencies: true,
          warmup: { paths: scenario.paths, durationMs: turn === 0 ? WARMUP_MS : TURN_WARMUP_MS },
          onMeasure: () => (cpuBefore = cpuSeconds(pid)),
        });
        const cpuAfter = cpuSeconds(pid);
        addTurn(side, result, cpuBefore, cpuAfter);
        side.warmupRequests += result.warmupRequests;
      }
    }
    const results = [];
    for (const [at, side] of sides.entries()) {
      if (side.requests === 0) {
        results.push({ error: `no successful request (first error: ${side.firstError ?? 'none'})`, bytes: side.bytes });
        continue;
      }
      const latencies = pooled(side.latencies);
      const usage = await usagePerRequest(side.cpuSeconds, side.requests + side.errors, side.warmupRequests, at === 0 ? meter : null, database);
      results.push({
        requests: side.requests,
        errors: side.errors,
        firstError: side.firstError,
        seconds: side.seconds,
        rps: side.requests / side.seconds,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        bytes: side.bytes,
        warmupRequests: side.warmupRequests,
        usage,
        turns: TURNS,
      });
    }
    return results;
  } finally {
    for (const side of sides) side.agent.destroy();
  }
}

/**
 * `scenarios`, each against `targets` side by side (measureSideBySide), printing as runScenarios
 * does; `meter` watches the first target's database work.
 */
export async function runSideBySide(scenarios, targets, load, signal, meter = null) {
  const results = [];
  for (const scenario of scenarios) {
    if (signal.aborted) throw new Error('interrupted');
    process.stdout.write(`  ${scenario.name} (${scenario.what}) against ${targets.map((target) => target.name).join(' and ')}, in ${TURNS} turns each… `);
    const measured = await measureSideBySide(scenario, targets, load, signal, meter);
    if (signal.aborted) throw new Error('interrupted');
    console.log(measured.map((result, at) => `${targets[at].name}: ${result.error ? `could not run: ${result.error}` : `${formatRate(result.rps)} req/s`}`).join(', '));
    results.push(...measured.map((result, at) => ({ scenario, target: targets[at].name, ...result })));
  }
  return results;
}

/**
 * Each distinct read of `scenarios` on `target`, measured in turns with `reference` on
 * `referenceTarget` (measureInTurns), printing as runScenarios does.
 */
export async function runInTurns(scenarios, target, reference, referenceTarget, load, signal, meter = null) {
  const results = [];
  for (const scenario of scenarios) {
    if (signal.aborted) throw new Error('interrupted');
    process.stdout.write(`  ${scenario.name} (${scenario.what}) against ${target.name}, in ${TURNS} turns with ${reference.name} against ${referenceTarget.name}… `);
    const result = await measureInTurns(scenario, target, reference, referenceTarget, load, signal, meter);
    if (signal.aborted) throw new Error('interrupted');
    console.log(result.error ? `could not run: ${result.error}` : `${formatRate(result.rps)} req/s (${formatRate(result.reference.rps)} req/s)`);
    results.push({ scenario, target: target.name, ...result });
  }
  return results;
}

/** Whether a target is an app process (the server, or a variant of it), not the bare baseline. */
export const isAppTarget = (name) => name !== 'baseline';

/**
 * Every scenario against every target ({ name: 'server' | 'baseline' | another app variant, port,
 * handle }), in turn. `load`: { concurrency, seconds, maxRequests }; `meter` watches the app's database.
 */
export async function runScenarios(scenarios, targets, load, signal, meter = null) {
  const results = [];
  for (const scenario of scenarios) {
    for (const target of targets) {
      if (signal.aborted) throw new Error('interrupted');
      process.stdout.write(`  ${scenario.name} (${scenario.what}) against ${target.name}… `);
      const result = await measure(scenario, target, load, signal, isAppTarget(target.name) ? meter : null);
      // A measurement cut short by Ctrl-C is not a result.
      if (signal.aborted) throw new Error('interrupted');
      console.log(result.error ? `could not run: ${result.error}` : `${formatRate(result.rps)} req/s`);
      results.push({ scenario, target: target.name, ...result });
    }
  }
  return results;
}

/** App/baseline ratios for a scenario (the app target named `target`), or null when either side has no numbers. */
export function ratios(results, scenario, target = 'server') {
  const server = results.find((r) => r.scenario === scenario && r.target === target);
  const baseline = results.find((r) => r.scenario === scenario && r.target === 'baseline');
  if (!server || !baseline || server.error || baseline.error) return null;
  return { server, baseline, rps: server.rps / baseline.rps, p99: server.p99 / baseline.p99 };
}

/**
 * The results as table lines, with notes. `extra`: more columns [{ title, value(result) }],
 * right-aligned, filled for measured rows.
 */
export function loadTableLines(results, extra = []) {
  const columns = [
    { title: 'scenario' },
    { title: 'target' },
    { title: 'body bytes', align: 'right' },
    { title: 'requests', align: 'right' },
    { title: 'req/s', align: 'right' },
    { title: 'p50 ms', align: 'right' },
    { title: 'p99 ms', align: 'right' },
    { title: 'errors', align: 'right' },
    { title: 'req/s vs bare', align: 'right' },
    { title: 'p99 vs bare', align: 'right' },
    ...extra.map(({ title }) => ({ title, align: 'right' })),
  ];
  const rows = results.map((result) => {
    const ratio = isAppTarget(result.target) ? ratios(results, result.scenario, result.target) : null;
    if (result.error) return [result.scenario.name, result.target, result.bytes ?? '-', ...Array(columns.length - 3).fill('-')];
    return [
      result.scenario.name,
      result.target,
      formatRate(result.bytes),
      formatRate(result.requests),
      formatRate(result.rps),
      formatMs(result.p50),
      formatMs(result.p99),
      formatRate(result.errors),
      ratio ? formatRatio(ratio.rps) : '',
      ratio ? formatRatio(ratio.p99) : '',
      ...extra.map(({ value }) => value(result)),
    ];
  });
  const notes = results
    .filter((result) => result.firstError && !result.error)
    .map((result) => `note: ${result.scenario.name} on ${result.target}: ${result.errors} error(s), first: ${result.firstError}`);
  return [
    ...table(columns, rows),
    '(req/s vs bare: higher is better, 1.00x = as fast as bare Node; p99 vs bare: lower is better)',
    ...notes,
  ];
}
