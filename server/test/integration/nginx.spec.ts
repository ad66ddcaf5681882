import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort } from '../support/redis-server';

const ROOT = join(__dirname, '..', '..', '..');
const NGINX_CONF = join(ROOT, 'deploy', 'nginx.conf');
/** Where the Dockerfile's lb stage puts the client's hashed assets, as nginx.conf's root for /assets/. */
const IMAGE_ASSETS_ROOT = '/usr/share/nginx/seyirlik';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, not decompressed. */
  body: Buffer;
}

/** A GET as a browser sends it, reading the raw answer. */
function fetchRaw(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolveAnswer, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolveAnswer({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).once('error', reject);
  });
}

/** Text of a given size, like a bundle or a JSON list. */
const text = (bytes: number, word = 'dizi') => word.repeat(Math.ceil(bytes / word.length)).slice(0, bytes);

/** What a replica answers, in the shapes the load balancer meets (with a length, as the server's answers have). */
function startReplica(): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    const answer = (status: number, headers: Record<string, string>, body: string) => {
      response.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
      response.end(body);
    };
    const json = { 'Content-Type': 'application/json; charset=utf-8' };
    switch (request.url) {
      case '/':
        return answer(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }, `<!doctype html><title>Seyirlik</title>${text(4000)}`);
      case '/api/titles':
        return answer(200, json, JSON.stringify({ items: text(3000) }));
      case '/api/genres':
        return answer(200, json, JSON.stringify({ items: text(500) }));
      case '/api/home':
        return answer(200, { ...json, 'Content-Encoding': 'br' }, 'compressed by the replica');
      default:
        return answer(404, json, JSON.stringify({ message: 'Sayfa bulunamadı.' }));
    }
  });
  return new Promise((resolveReplica) => server.listen(0, '127.0.0.1', () => resolveReplica({ server, port: (server.address() as { port: number }).port })));
}

/**
 * deploy/nginx.conf as docker-compose runs it, but on this machine: its replicas are `replicaPort`,
 * it listens on `port`, and its assets root is `assetsRoot` instead of the image's folder.
 */
function localConfiguration(port: number, replicaPort: number, assetsRoot: string): string {
  const original = readFileSync(NGINX_CONF, 'utf8');
  const local = original
    .replace(/server server-\d+:3000/g, `server 127.0.0.1:${replicaPort}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(`root ${IMAGE_ASSETS_ROOT};`, `root ${assetsRoot};`);
  for (const [found, what] of [
    [/server 127\.0\.0\.1/, 'the replicas server-1:3000, server-2:3000'],
    [new RegExp(`listen 127\\.0\\.0\\.1:${port};`), '`listen 80;`'],
    [new RegExp(`root ${assetsRoot};`), `\`root ${IMAGE_ASSETS_ROOT};\` (the Dockerfile's lb stage copies the assets there)`],
  ] as const) {
    if (!found.test(local)) throw new Error(`deploy/nginx.conf no longer names ${what}: update this test with it`);
  }
  return local;
}

/** Starts the machine's nginx in the foreground with the given server block, in `folder`. */
async function startNginx(folder: string, serverConf: string, port: number): Promise<ChildProcess> {
  writeFileSync(join(folder, 'seyirlik.conf'), serverConf);
  writeFileSync(
    join(folder, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${folder}/nginx.pid;`,
      `error_log ${folder}/error.log;`,
      'events {}',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${folder}/${kind};`),
      `  include ${folder}/seyirlik.conf;`,
      '}',
    ].join('\n'),
  );
  const nginx = spawn('nginx', ['-e', join(folder, 'error.log'), '-p', folder, '-c', join(folder, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const started = await new Promise<Error | null>((resolveStart) => {
    nginx.once('error', (error) => resolveStart(error));
    const deadline = Date.now() + 10_000;
    const poll = () => {
      if (nginx.exitCode !== null) return resolveStart(new Error(`nginx exited with ${nginx.exitCode}: ${stderr}`));
      fetchRaw(port, '/livez').then(
        () => resolveStart(null),
        () => (Date.now() > deadline ? resolveStart(new Error(`nginx did not answer on ${port}: ${stderr}`)) : setTimeout(poll, 50)),
      );
    };
    poll();
  });
  if (started) {
    nginx.kill('SIGKILL');
    throw new Error(`${started.message} (the tests need nginx: .ci/run installs Debian's nginx package)`);
  }
  return nginx;
}

describe('deploy/nginx.conf (the load balancer of docker-compose.yml)', () => {
  const script = text(300_000, 'export const a=1;');
  let folder: string;
  let replica: Server;
  let nginx: ChildProcess;
  let port: number;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'seyirlik-nginx-'));
    // nginx's workers run as an unprivileged user when the tests run as root.
    chmodSync(folder, 0o755);
    const assetsRoot = join(folder, 'dist');
    mkdirSync(join(assetsRoot, 'assets'), { recursive: true, mode: 0o755 });
    writeFileSync(join(assetsRoot, 'assets', 'index-AbC123.js'), script);
    writeFileSync(join(assetsRoot, 'assets', 'index-AbC123.js.gz'), gzipSync(script, { level: 9 }));
    const started = await startReplica();
    replica = started.server;
    port = await freePort();
    nginx = await startNginx(folder, localConfiguration(port, started.port, assetsRoot), port);
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      await new Promise<void>((resolveStop) => {
        nginx.once('exit', () => resolveStop());
        nginx.kill('SIGQUIT');
      });
    }
    await new Promise<void>((resolveClose) => (replica ? replica.close(() => resolveClose()) : resolveClose()));
    rmSync(folder, { recursive: true, force: true });
  });

  it("sends a hashed asset's precompressed gzip copy as it is, cached a year as immutable", async () => {
    const sut = await fetchRaw(port, '/assets/index-AbC123.js', { 'Accept-Encoding': 'gzip, deflate, br' });

    expect(sut.status).toBe(200);
    expect(sut.headers['content-encoding']).toBe('gzip');
    // The build's level-9 copy, byte for byte, not nginx compressing on the fly.
    expect(sut.body.equals(readFileSync(join(folder, 'dist', 'assets', 'index-AbC123.js.gz')))).toBe(true);
    expect(sut.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(sut.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('sends the asset itself to a client that accepts no compression', async () => {
    const sut = await fetchRaw(port, '/assets/index-AbC123.js');

    expect(sut.status).toBe(200);
    expect(sut.headers['content-encoding']).toBeUndefined();
    expect(sut.body.toString('utf8')).toBe(script);
    expect(sut.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('asks the replicas for an asset it does not hold, and does not mark their answer immutable', async () => {
    const sut = await fetchRaw(port, '/assets/index-Old999.js', { 'Accept-Encoding': 'gzip' });

    expect(sut.status).toBe(404);
    expect(JSON.parse(sut.body.toString('utf8'))).toEqual({ message: 'Sayfa bulunamadı.' });
    expect(sut.headers['cache-control']).toBeUndefined();
  });

  it("never marks the page shell immutable: it keeps the replica's no-cache, gzipped", async () => {
    const sut = await fetchRaw(port, '/', { Accept: 'text/html', 'Accept-Encoding': 'gzip' });

    expect(sut.status).toBe(200);
    expect(sut.headers['cache-control']).toBe('no-cache');
    expect(sut.headers['content-encoding']).toBe('gzip');
  });

  it('gzips JSON answers from 1 KB on, and not the smaller ones', async () => {
    const large = await fetchRaw(port, '/api/titles', { 'Accept-Encoding': 'gzip' });
    const small = await fetchRaw(port, '/api/genres', { 'Accept-Encoding': 'gzip' });

    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.headers.vary).toMatch(/Accept-Encoding/);
    expect(large.headers['cache-control']).toBeUndefined();
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8')).items).toHaveLength(500);
  });

  it('passes an answer the replica compressed itself as it is', async () => {
    const sut = await fetchRaw(port, '/api/home', { 'Accept-Encoding': 'gzip, br' });

    expect(sut.headers['content-encoding']).toBe('br');
    expect(sut.body.toString('utf8')).toBe('compressed by the replica');
  });
});
