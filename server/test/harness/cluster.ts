import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const SERVER_PROCESS = join(__dirname, 'server-process.cjs');
const BUILT_SERVER = join(__dirname, '..', '..', 'dist', 'bootstrap.js');

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Every line the process wrote to stdout (its structured logs). */
  output: string[];
  /** Runs a harness command (see server-process.cjs) inside the process. */
  command(command: 'join' | 'emit' | 'entryPoints' | 'heldHeap', args: Record<string, unknown>): Promise<unknown>;
  /** SIGTERM, and waits for the exit code. */
  stop(): Promise<number | null>;
}

let commandId = 0;

/** Starts one real server process from the built server; resolves when it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  if (!existsSync(BUILT_SERVER)) {
    throw new Error('server/dist is missing: run `npm run build` before the multi-process tests (npm test does).');
  }
  const child = fork(SERVER_PROCESS, [], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const output: string[] = [];
  const errors: string[] = [];
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop()!;
    output.push(...lines.filter(Boolean));
  });
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString('utf8')));

  const port = await new Promise<number>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`server process did not start in 60 s:\n${errors.join('')}`)), 60_000);
    child.on('message', (message: { ready?: boolean; port?: number }) => {
      if (message.ready) {
        clearTimeout(timer);
        resolveReady(message.port!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server process exited with ${code} during start:\n${errors.join('')}${output.join('\n')}`));
    });
  });

  const exited = new Promise<number | null>((resolveExit) => {
    if (child.exitCode !== null) resolveExit(child.exitCode);
    child.once('exit', (code) => resolveExit(code));
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output,
    command: (command, args) =>
      new Promise((resolveCommand, reject) => {
        const id = ++commandId;
        const onMessage = (message: { id?: number; ok?: boolean; result?: unknown; error?: string }) => {
          if (message.id !== id) return;
          child.off('message', onMessage);
          if (message.ok) resolveCommand(message.result);
          else reject(new Error(message.error));
        };
        child.on('message', onMessage);
        child.send({ id, command, args });
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** N server processes sharing one PostgreSQL and one Redis, as behind a load balancer. */
export async function startCluster(count: number, env: Record<string, string>): Promise<ServerProcess[]> {
  const processes: ServerProcess[] = [];
  try {
    for (let index = 0; index < count; index += 1) processes.push(await startServerProcess(env));
    return processes;
  } catch (error) {
    await Promise.all(processes.map((server) => server.stop()));
    throw error;
  }
}
