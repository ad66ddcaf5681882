// Child processes the bench starts (the app and the bare baseline): spawning, waiting until
// they answer, and stopping them — gently first, then for sure.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { get } from './load.mjs';

/**
 * The V8 flags the app runs with where it is deployed (server/node-flags.json). Every process the
 * bench starts, the bare baselines too, runs with them: the app as deployed, and a baseline that is
 * the same runtime without the app.
 */
export const NODE_FLAGS = JSON.parse(readFileSync(new URL('../../server/node-flags.json', import.meta.url), 'utf8')).flags;

const LOG_TAIL_LINES = 40;
const STOP_GRACE_MS = 10_000;
const POLL_INTERVAL_MS = 250;

/** A TCP port nobody listens on right now (the OS picks it; the child binds it moments later). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node <script>` with the given environment. Output is not shown (it would garble the
 * tables) but its last lines are kept, to explain a failed start.
 */
export function startNode(name, script, { cwd, env }) {
  // Measured as deployed (the Dockerfile sets production): libraries skip their development checks.
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const child = spawn(process.execPath, [...NODE_FLAGS, ...profile, script], { cwd, env: { NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = [];
  let lines = 0;
  const keep = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      lines += 1;
      tail.push(line);
      if (tail.length > LOG_TAIL_LINES) tail.shift();
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  });

  const running = () => child.exitCode === null && child.signalCode === null && child.pid !== undefined;

  return {
    name,
    child,
    exited,
    running,
    logTail: () => tail.join('\n'),
    logLineCount: () => lines,
    /** SIGTERM (the app shuts down in order), then SIGKILL if it is still there after a grace period. */
    async stop() {
      if (!running()) return;
      child.kill('SIGTERM');
      const result = await Promise.race([exited, sleep(STOP_GRACE_MS, 'timeout')]);
      if (result === 'timeout' && running()) {
        child.kill('SIGKILL');
        await exited;
      }
    },
    /** Last resort from a synchronous 'exit' handler: nothing may outlive the bench. */
    killNow() {
      if (running()) child.kill('SIGKILL');
    },
  };
}

/**
 * Polls GET <path> until it answers 200. Fails early, with the child's last output, if the child
 * exits first; fails after `timeoutMs` otherwise.
 */
export async function waitForHealthy(handle, port, { path = '/healthz', timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (!handle.running()) {
      const { code, signal, error } = await handle.exited;
      const how = error ? error.message : signal ? `signal ${signal}` : `code ${code}`;
      throw new Error(`${handle.name} exited (${how}) before ${path} answered 200\n${indent(handle.logTail())}`);
    }
    try {
      const { status } = await get({ port, path });
      if (status === 200) return;
      lastProblem = `HTTP ${status}`;
    } catch (error) {
      lastProblem = error.message;
    }
    await sleep(POLL_INTERVAL_MS);
  }
  throw new Error(
    `${handle.name}: ${path} did not answer 200 within ${timeoutMs / 1000} s (last: ${lastProblem})\n${indent(handle.logTail())}`,
  );
}

function indent(text) {
  return text ? text.replace(/^/gm, '    | ') : '    | (no output)';
}
