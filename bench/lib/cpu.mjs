// CPU time of local processes, from /proc (Linux): how much of a request the app and PostgreSQL
// each spend, which says what dominates the latency. Elsewhere the numbers are simply not shown.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond = null;

function clockTicks() {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** CPU seconds (user + system) process `pid` has used so far, or null where /proc cannot tell. */
export function cpuSeconds(pid) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed:
  // utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks();
}

/**
 * How long the main thread of process `pid` (a Node process's event loop) has waited for a core so
 * far, in milliseconds: its time on a run queue, ready to run, from /proc/<pid>/schedstat; null
 * where /proc cannot tell.
 */
export function runQueueWaitMs(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return null;
  }
}

/**
 * Waits until each of `pids` uses less than `share` of a core over `windowMs`, at most `timeoutMs`:
 * a process just started (a server holding the stored title pages and building its search index)
 * would otherwise take CPU from the one measured beside it on the same cores. Answers the wait in
 * milliseconds, and whether they went quiet (false: timed out, or /proc cannot tell); throws when
 * `signal` aborts.
 */
export async function waitUntilQuiet(pids, { share = 0.05, windowMs = 500, timeoutMs = 60_000, signal } = {}) {
  const started = performance.now();
  for (;;) {
    signal?.throwIfAborted();
    const before = pids.map(cpuSeconds);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = pids.map(cpuSeconds);
    if (before.includes(null) || after.includes(null)) return { waitedMs: performance.now() - started, quiet: false };
    if (after.every((seconds, at) => seconds - before[at] < (share * windowMs) / 1000)) return { waitedMs: performance.now() - started, quiet: true };
    if (performance.now() - started > timeoutMs) return { waitedMs: performance.now() - started, quiet: false };
  }
}
