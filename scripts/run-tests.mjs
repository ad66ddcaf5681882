// The whole suite: Jest (every package) then Playwright, each with its own reporter on screen,
// and one closing line adding both up: "N passed, N failed". Exits non-zero if anything failed
// or a runner could not run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outputDir = join(root, '.test-output');
const jestReport = join(outputDir, 'jest.json');
const playwrightReport = join(outputDir, 'playwright.json');
mkdirSync(outputDir, { recursive: true });
rmSync(jestReport, { force: true });
rmSync(playwrightReport, { force: true });

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

const bin = (name) => join(root, 'node_modules', '.bin', name);

const jestExit = run(bin('jest'), ['--ci', '--maxWorkers=2', '--json', `--outputFile=${jestReport}`]);
const playwrightExit = run(bin('playwright'), ['test']);

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

const jest = readJson(jestReport);
const playwright = readJson(playwrightReport);

let passed = 0;
let failed = 0;
let skipped = 0;
if (jest) {
  passed += jest.numPassedTests;
  failed += jest.numFailedTests;
  skipped += jest.numPendingTests + jest.numTodoTests;
}
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}

const problems = [];
if (!jest) problems.push('Jest wrote no report');
else if (jest.numRuntimeErrorTestSuites > 0) problems.push(`${jest.numRuntimeErrorTestSuites} Jest suite(s) could not run`);
if (!playwright) problems.push('Playwright wrote no report');
else if (playwright.errors?.length) problems.push(`Playwright reported ${playwright.errors.length} error(s) outside tests`);
if (jestExit !== 0 && failed === 0) problems.push(`Jest exited with ${jestExit}`);
if (playwrightExit !== 0 && failed === 0) problems.push(`Playwright exited with ${playwrightExit}`);
if (passed === 0) problems.push('no test ran');

for (const problem of problems) console.error(`error: ${problem}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
