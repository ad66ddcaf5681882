import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOG_IMPORT_LABELS, CATALOG_MESSAGES as M } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/platform/database/data-source';
import { buildCatalogFile, buildFilm, buildSeries } from '../factories/catalog';
import { countCatalog } from '../support/catalog-database';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'server', 'dist', 'catalog', 'import', 'cli.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: Record<string, string>, cwd = ROOT): Promise<Run> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, LOG_LEVEL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => resolveRun({ code, stdout, stderr }));
  });
}

const importFile = (file: string, env: Record<string, string>) => run(process.execPath, [CLI, file], env);

describe('npm run catalog:import', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let folder: string;

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error('server/dist is missing: run `npm run build` before these tests (npm test does).');
    // Empty: the CLI migrates a database itself, and a refused file must leave it untouched.
    database = await createTestDatabase({ empty: true });
    dataSource = new DataSource(dataSourceOptions(database.url));
    folder = mkdtempSync(join(tmpdir(), 'seyirlik-catalog-'));
  });

  afterAll(async () => {
    if (dataSource.isInitialized) await dataSource.destroy();
    await database.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  const write = (name: string, content: unknown) => {
    const file = join(folder, name);
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };

  it('refuses a bad file with exit code 1 and one `path: reason` line per error, importing nothing', async () => {
    const series = buildSeries();
    series.seasons[0]!.episodes[2]!.sources![0]!.link = 'javascript:alert(1)';
    const file = write('bozuk.json', buildCatalogFile([buildSeries(), buildSeries(), buildSeries(), series, buildFilm({ year: 1800 })]));

    const sut = await importFile(file, { DATABASE_URL: database.url });

    expect(sut.code).toBe(1);
    expect(sut.stderr.trim().split('\n')).toEqual([
      M.fileRefused,
      `titles[3].seasons[0].episodes[2].sources[0].link: ${M.urlInvalid}`,
      `titles[4].year: ${M.yearOutOfRange}`,
    ]);
    await dataSource.initialize();
    // The file is refused before the database is touched: not even the schema is there.
    const [{ migrated }] = await dataSource.query("SELECT to_regclass('title') IS NOT NULL AS migrated");
    expect(migrated).toBe(false);
    await dataSource.destroy();
  });

  it.each([
    ['a missing file', () => join(folder, 'yok.json'), M.fileUnreadable],
    ['a file that is not JSON', () => write('metin.json', '{ "titles": [ '), M.fileNotJson],
  ])('refuses %s with exit code 1', async (_case, file, reason) => {
    const path = file();

    const sut = await importFile(path, { DATABASE_URL: database.url });

    expect(sut.code).toBe(1);
    expect(sut.stderr).toContain(`${path}: ${reason}`);
  });

  it('imports a file into DATABASE_URL, and a second run changes nothing', async () => {
    const file = write('katalog.json', buildCatalogFile([buildSeries(), buildSeries(), buildFilm()]));

    const first = await run('npm', ['run', '--silent', 'catalog:import', '--', file], { DATABASE_URL: database.url });
    await dataSource.initialize();
    const counts = await countCatalog(dataSource);
    const second = await importFile(file, { DATABASE_URL: database.url });

    expect(first.code).toBe(0);
    expect(first.stdout).toContain(M.importSucceeded);
    expect(first.stdout).toContain(`  ${CATALOG_IMPORT_LABELS.titles}: 3 ${M.importCountInserted}, 0 ${M.importCountUpdated}, 0 ${M.importCountRemoved}`);
    expect(counts).toMatchObject({ title: 3, season: 3, episode: 7, video_source: 7, pre_roll_ad: 1 });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(M.importUnchanged);
    expect(await countCatalog(dataSource)).toEqual(counts);
  });

  it('says so, and leaves it alone, when a running server holds the embedded database of DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'seyirlik-busy-'));
    // This test process stands in for the running server: its pid is alive.
    writeFileSync(join(dataDir, 'server.pid'), `${process.pid}\n`);
    try {
      const sut = await importFile(write('bos.json', buildCatalogFile([])), { DATABASE_URL: '', DATA_DIR: dataDir });

      expect(sut.code).toBe(1);
      expect(sut.stderr).toContain(M.dataDirInUse);
      expect(sut.stderr).toContain(`pid ${process.pid}`);
      expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
