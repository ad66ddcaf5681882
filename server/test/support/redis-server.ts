import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * A private redis-server of the machine's own installation, for tests that stop and restart
 * Redis without disturbing the shared one.
 */
export class DisposableRedis {
  private process: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<DisposableRedis> {
    const redis = new DisposableRedis(await freePort());
    await redis.restart();
    return redis;
  }

  async restart(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    child.once('error', () => undefined);
    this.process = child;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      try {
        await client.connect();
        await client.ping();
        return;
      } catch (error) {
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`redis-server did not start on port ${this.port}: ${(error as Error).message}. Is redis-server installed?`, {
            cause: error,
          });
        }
        await new Promise((resolveWait) => setTimeout(resolveWait, 100));
      } finally {
        client.disconnect();
      }
    }
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolveStop) => {
      child.once('exit', () => resolveStop());
      child.kill('SIGKILL');
    });
  }
}
