import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'build-workspaces.mjs');

/**
 * A stand-in for a workspace's build, run by `npm run build -w <workspace>` in the workspace's
 * folder: it notes its workspace in ../builds.log, fails while ../FAIL-<workspace> exists, and
 * otherwise writes the given output files.
 */
const FAKE_BUILD = `
const { appendFileSync, existsSync, mkdirSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const [workspace, ...outputs] = process.argv.slice(2);
appendFileSync('../builds.log', workspace + '\\n');
if (existsSync('../FAIL-' + workspace)) {
  console.error(workspace + ': failing as asked');
  process.exit(3);
}
for (const output of outputs) {
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, 'built');
}
`;

/** Each workspace of the copy: its build's outputs (those the script checks) and a few of its inputs. */
const LAYOUT = {
  'shared-contracts': {
    outputs: ['dist/cjs/index.js', 'dist/esm/index.js'],
    sources: { 'src/index.ts': 'export const LIMIT = 500;\n', 'src/index.spec.ts': 'it("holds", () => undefined);\n', 'tsconfig.json': '{}\n' },
  },
  server: {
    outputs: ['dist/main.js', 'dist/worker.js'],
    sources: { 'src/main.ts': 'console.log("server");\n', 'src/main.spec.ts': 'it("holds", () => undefined);\n', 'tsconfig.build.json': '{}\n' },
  },
  client: {
    outputs: ['dist/index.html'],
    sources: {
      'src/main.tsx': 'console.log("client");\n',
      'src/App.test.tsx': 'it("holds", () => undefined);\n',
      'src/routeTree.gen.ts': '// generated\n',
      'index.html': '<!doctype html>\n',
      'vite.config.ts': 'export default {};\n',
    },
  },
} as const;

type Workspace = keyof typeof LAYOUT;
const EVERY_WORKSPACE: Workspace[] = ['shared-contracts', 'server', 'client'];

interface Run {
  code: number | null;
  /** The workspaces built during the run, in order. */
  builds: string[];
  output: string;
}

/** A small repository with the real layout, the real script and fake builds. */
function createRepository(folder: string): void {
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), content);
  };
  write('package.json', JSON.stringify({ name: 'seyirlik-build-test', private: true, workspaces: EVERY_WORKSPACE }));
  write('package-lock.json', '{}\n');
  write('tsconfig.base.json', '{}\n');
  write('fake-build.cjs', FAKE_BUILD);
  write('scripts/build-workspaces.mjs', readFileSync(SCRIPT, 'utf8'));
  write('scripts/build-contracts.mjs', '// the contracts build\n');
  for (const workspace of EVERY_WORKSPACE) {
    const { outputs, sources } = LAYOUT[workspace];
    const build = ['node', '../fake-build.cjs', workspace, ...outputs].join(' ');
    write(`${workspace}/package.json`, JSON.stringify({ name: `@seyirlik/${workspace}`, private: true, scripts: { build } }));
    for (const [path, content] of Object.entries(sources)) write(`${workspace}/${path}`, content);
  }
}

/** Runs the copy's script (`--changed` unless told otherwise) with NODE_ENV=production and no VITE_ variable but those given. */
function runScript(folder: string, args: string[] = ['--changed'], env: Record<string, string> = {}): Promise<Run> {
  const log = join(folder, 'builds.log');
  rmSync(log, { force: true });
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')));
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [join(folder, 'scripts', 'build-workspaces.mjs'), ...args], {
      cwd: folder,
      env: { ...inherited, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      const builds = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) : [];
      resolveRun({ code, builds, output });
    });
  });
}

describe('node scripts/build-workspaces.mjs (npm start and npm run build)', () => {
  let scratch: string;
  /** A copy built once by the script, stamps included; each test works on a copy of it. */
  let built: string;
  let sut: string;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'seyirlik-build-'));
    built = join(scratch, 'built');
    createRepository(built);
    const first = await runScript(built);
    if (first.code !== 0) throw new Error(`the first build of the test repository failed:\n${first.output}`);
  });

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  let copies = 0;
  beforeEach(() => {
    copies += 1;
    sut = join(scratch, `copy-${copies}`);
    cpSync(built, sut, { recursive: true });
  });

  const edit = (path: string, content: string) => writeFileSync(join(sut, path), content);

  it('builds every workspace in order on the first run, then none while nothing changes', async () => {
    const fresh = join(scratch, 'fresh');
    createRepository(fresh);

    const first = await runScript(fresh);
    const second = await runScript(fresh);

    expect(first.code).toBe(0);
    expect(first.builds).toEqual(EVERY_WORKSPACE);
    expect(second.code).toBe(0);
    expect(second.builds).toEqual([]);
    expect(second.output).toMatch(/client: unchanged since its last build, not rebuilt/);
  });

  it('rebuilds only the server after a change to its sources', async () => {
    edit('server/src/main.ts', 'console.log("server, changed");\n');

    const run = await runScript(sut);

    expect(run.code).toBe(0);
    expect(run.builds).toEqual(['server']);
    expect((await runScript(sut)).builds).toEqual([]);
  });

  it('rebuilds the server and the client after a change to the contracts', async () => {
    edit('shared-contracts/src/index.ts', 'export const LIMIT = 400;\n');

    const run = await runScript(sut);

    expect(run.builds).toEqual(EVERY_WORKSPACE);
  });

  it('rebuilds every workspace after a change to the locked dependencies', async () => {
    edit('package-lock.json', '{"lockfileVersion":3}\n');

    expect((await runScript(sut)).builds).toEqual(EVERY_WORKSPACE);
  });

  it.each<[string, Workspace[], () => void | Record<string, string>]>([
    ['a new source file', ['client'], () => edit('client/src/Page.tsx', 'export const Page = 1;\n')],
    ['the Vite config', ['client'], () => edit('client/vite.config.ts', 'export default { base: "/" };\n')],
    ['a VITE_ variable', ['client'], () => ({ VITE_SITE_NAME: 'Seyirlik' })],
    ['NODE_ENV', ['client'], () => ({ NODE_ENV: 'development' })],
    ['the contracts build script', EVERY_WORKSPACE, () => edit('scripts/build-contracts.mjs', '// changed\n')],
    ['a server test file', [], () => edit('server/src/main.spec.ts', 'it("still holds", () => undefined);\n')],
    ['a client test file', [], () => edit('client/src/App.test.tsx', 'it("still holds", () => undefined);\n')],
    ['the generated route tree', [], () => edit('client/src/routeTree.gen.ts', '// generated again\n')],
  ])('after a change to %s, builds %j', async (_change, expected, change) => {
    const env = change() ?? {};

    expect((await runScript(sut, ['--changed'], env)).builds).toEqual(expected);
  });

  it('rebuilds a workspace whose output is gone even when its inputs did not change', async () => {
    rmSync(join(sut, 'client', 'dist'), { recursive: true });

    const run = await runScript(sut);

    expect(run.builds).toEqual(['client']);
    expect(existsSync(join(sut, 'client', 'dist', 'index.html'))).toBe(true);
  });

  it('stops at a failed build with its exit code, leaves it unstamped, and builds it again next time', async () => {
    edit('shared-contracts/src/index.ts', 'export const LIMIT = 300;\n');
    writeFileSync(join(sut, 'FAIL-server'), '');

    const failed = await runScript(sut);

    expect(failed.code).toBe(3);
    // The client waits: it would build against contracts the server has not been built with.
    expect(failed.builds).toEqual(['shared-contracts', 'server']);
    expect(failed.output).toMatch(/server: the build failed \(exit code 3\); it runs again next time/);

    const stillFailing = await runScript(sut);
    expect(stillFailing.builds).toEqual(['server']);

    rmSync(join(sut, 'FAIL-server'));
    const retried = await runScript(sut);
    expect(retried.code).toBe(0);
    expect(retried.builds).toEqual(['server', 'client']);
    expect((await runScript(sut)).builds).toEqual([]);
  });

  it('without --changed (npm run build) builds every workspace even when nothing changed, and stamps them', async () => {
    const full = await runScript(sut, []);

    expect(full.code).toBe(0);
    expect(full.builds).toEqual(EVERY_WORKSPACE);
    expect((await runScript(sut)).builds).toEqual([]);
  });

  it('refuses an unknown option without building anything', async () => {
    const run = await runScript(sut, ['--force']);

    expect(run.code).toBe(2);
    expect(run.builds).toEqual([]);
    expect(run.output).toMatch(/usage: node scripts\/build-workspaces\.mjs \[--changed\]/);
  });
});
