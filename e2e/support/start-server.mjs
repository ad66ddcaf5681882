// Starts the built site for the browser tests: the default embedded mode, on a fresh data folder.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// E2E_DATA_DIR lets two browser-test runs in one tree (each with its own E2E_PORT) keep apart.
const dataDir = process.env.E2E_DATA_DIR ?? join(root, '.test-output', 'e2e-data');
rmSync(dataDir, { recursive: true, force: true });

// With the V8 flags the site is deployed with (server/node-flags.json).
const { flags } = JSON.parse(readFileSync(join(root, 'server', 'node-flags.json'), 'utf8'));
const server = spawn(process.execPath, [...flags, join(root, 'server', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3100',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    // As behind the load balancer: the tests' browsers say their address in X-Forwarded-For.
    TRUST_PROXY: 'true',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => process.exit(code ?? 0));
