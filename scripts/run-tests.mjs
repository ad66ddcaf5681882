// The whole suite: Jest (every package) then Playwright, each with its own reporter on screen,
// and one closing line adding both up: "N passed, N failed". Exits non-zero if anything failed
// or a runner could not run. The Jest files that hold a server to a time limit under the heaviest
// requests (ALONE) run after the others, by themselves: what they measure is the server, not
// another test file sharing the machine's two cores.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outputDir = join(root, '.test-output');
const jestReport = join(outputDir, 'jest.json');
const aloneReport = join(outputDir, 'jest-alone.json');
const playwrightReport = join(outputDir, 'playwright.json');
mkdirSync(outputDir, { recursive: true });
rmSync(jestReport, { force: true });
rmSync(aloneReport, { force: true });
rmSync(playwrightReport, { force: true });

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Test files run alone, after the others (paths from the repository's root). */
const ALONE = ['server/test/integration/request-guard.spec.ts'];
const ignoreAlone = ALONE.map((path) => `/${path.replace(/[.]/g, '\\.')}$`);

const jestExit = run(bin('jest'), ['--ci', '--maxWorkers=2', '--json', `--outputFile=${jestReport}`, '--testPathIgnorePatterns', '/node_modules/', ...ignoreAlone]);
const aloneExit = run(bin('jest'), ['--ci', '--runInBand', '--json', `--outputFile=${aloneReport}`, '--runTestsByPath', ...ALONE]);
const playwrightExit = run(bin('playwright'), ['test']);

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

const jestRuns = [
  { name: 'Jest', report: readJson(jestReport), exit: jestExit },
  { name: 'Jest (alone)', report: readJson(aloneReport), exit: aloneExit },
];
const playwright = readJson(playwrightReport);

let passed = 0;
let failed = 0;
let skipped = 0;
for (const { report } of jestRuns) {
  if (!report) continue;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}

const problems = [];
for (const { name, report, exit } of jestRuns) {
  if (!report) problems.push(`${name} wrote no report`);
  else if (report.numRuntimeErrorTestSuites > 0) problems.push(`${name}: ${report.numRuntimeErrorTestSuites} suite(s) could not run`);
  else if (report.numTotalTests === 0) problems.push(`${name} ran no test`);
  if (exit !== 0 && failed === 0) problems.push(`${name} exited with ${exit}`);
}
if (!playwright) problems.push('Playwright wrote no report');
else if (playwright.errors?.length) problems.push(`Playwright reported ${playwright.errors.length} error(s) outside tests`);
if (playwrightExit !== 0 && failed === 0) problems.push(`Playwright exited with ${playwrightExit}`);
if (passed === 0) problems.push('no test ran');

for (const problem of problems) console.error(`error: ${problem}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
