import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CATALOG_IMPORT_LABELS, CATALOG_MESSAGES as M, checkCatalogImport } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '../../platform/config/config';
import { dataSourceOptions } from '../../platform/database/data-source';
import { DataDirInUseError } from '../../platform/database/embedded-postgres';
import { openDatabase } from '../../platform/database/open-database';
import { createLogger } from '../../platform/logging/logger';
import { type CatalogImportSummary, type CatalogRecordKind, CatalogImportService, changedAnything } from './catalog-import.service';

// `npm run catalog:import -- FILE.json`: checks the file against the shared schema (a bad file
// never reaches the database), then imports it into DATABASE_URL, or into the embedded database
// of DATA_DIR when DATABASE_URL is unset. Exit code 0 when imported, 1 when refused or failed.

const print = (line: string) => process.stdout.write(`${line}\n`);
const printError = (line: string) => process.stderr.write(`${line}\n`);

function describe(summary: CatalogImportSummary): string[] {
  const kinds = Object.keys(CATALOG_IMPORT_LABELS) as CatalogRecordKind[];
  return [
    M.importSucceeded,
    ...kinds.map(
      (kind) =>
        `  ${CATALOG_IMPORT_LABELS[kind]}: ${summary[kind].inserted} ${M.importCountInserted}, ` +
        `${summary[kind].updated} ${M.importCountUpdated}, ${summary[kind].removed} ${M.importCountRemoved}`,
    ),
    ...(changedAnything(summary) ? [] : [M.importUnchanged]),
  ];
}

/** The file's content, or null after saying why it cannot be read. */
function readCatalogFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    printError(`${file}: ${M.fileUnreadable} (${(error as Error).message})`);
    return null;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    printError(`${file}: ${M.fileNotJson} (${(error as Error).message})`);
    return null;
  }
}

async function run(args: string[]): Promise<number> {
  if (args.length !== 1) {
    printError(M.cliUsage);
    return 2;
  }
  // npm runs scripts from the package root; a relative path means where the command was typed.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  const input = readCatalogFile(file);
  if (input === null) return 1;
  const checked = checkCatalogImport(input);
  if (!checked.success) {
    printError(M.fileRefused);
    checked.errors.forEach(printError);
    return 1;
  }

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    printError(error.message);
    return 1;
  }
  // The import speaks for itself; the database's routine lines only when LOG_LEVEL asks for them.
  const logger = createLogger({ logLevel: process.env.LOG_LEVEL ? config.logLevel : 'warn' });
  let database;
  try {
    database = await openDatabase(config, logger);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    printError(`${M.dataDirInUse} (DATA_DIR=${error.dataDir}, pid ${error.pid})`);
    return 1;
  }
  const dataSource = new DataSource(dataSourceOptions(database.url));
  try {
    await dataSource.initialize();
    describe(await new CatalogImportService(dataSource).import(checked.data)).forEach(print);
    return 0;
  } catch (error) {
    printError(`${M.importFailed} (${(error as Error).message})`);
    return 1;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await database.embedded?.stop();
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    printError(`${M.importFailed} (${error instanceof Error ? error.message : String(error)})`);
    process.exitCode = 1;
  },
);
