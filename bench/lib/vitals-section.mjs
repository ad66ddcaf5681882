// The web vitals section of the bench (issue #16): the built app on a throw-away database with the
// demo catalog, loaded in Chromium under a mobile profile (a 390×844 phone screen, 4× CPU slowdown,
// 1.6 Mbps down, 750 kbps up and 150 ms round trips: Lighthouse's "Slow 4G" mobile throttling).
// The home page, a series' title page and one of its episodes' watch page are each loaded cold (a
// new browser context: empty cache) and warm (a second visit in the same context), three times
// each; every load is printed, and each figure's median is set against the targets.
//
// Measured in the page, by PerformanceObserver from before the first byte: LCP (the last
// 'largest-contentful-paint' entry once the page has settled; nothing is clicked, so it is final),
// CLS (the largest session window of 'layout-shift' values, as web-vitals counts it), FCP, and TBT
// (each long task's time beyond 50 ms after FCP, up to the settled page: the last long task comes
// before TTI's quiet window). A page has settled when it has loaded and, for QUIET_MS, no request
// has been in flight and no performance entry has arrived.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { importDemoCatalog } from './catalog-data.mjs';
import { createBenchDatabase } from './database.mjs';
import { formatKb, heading, table } from './format.mjs';
import { freePort, startNode, waitForHealthy } from './processes.mjs';

/** A mid-range phone on a slow mobile network, as Lighthouse's mobile run throttles it. */
const MOBILE = {
  context: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
  },
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadKbps: 1_600,
  uploadKbps: 750,
};
const TARGETS = { lcpMs: 2_500, cls: 0.1 };
const RUNS = 3;
const QUIET_MS = 2_000;
const SETTLE_POLL_MS = 250;
const LOAD_TIMEOUT_MS = 60_000;
const SETTLE_TIMEOUT_MS = 30_000;
const SERVER_START_TIMEOUT_MS = 60_000;
/** How Chromium runs on this machine (as in playwright.config.ts); CHROMIUM_PATH moves it. */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/**
 * The app's main script, the one index.html loads (Vite names it index-<hash>.js); the page's other
 * scripts (its route's chunks, some too small to be sent compressed) may arrive before it.
 */
const APP_SCRIPT = /\/assets\/index-[^/]+\.js$/;
/** Requests that stay open by design: Socket.IO's long polls, and media streamed as it plays. */
const LONG_LIVED = (request) => request.url().includes('/socket.io/') || request.resourceType() === 'media';

/**
 * Installed in every page before its first script: collects the performance entries the vitals are
 * computed from into `globalThis.__benchVitals`, with the time of the latest one.
 */
function observeVitals() {
  const vitals = { fcp: null, lcp: null, lcpElement: null, shifts: [], longTasks: [], lastEntryAt: 0 };
  globalThis.__benchVitals = vitals;
  const describe = (element) => {
    if (!element) return null;
    const className = typeof element.className === 'string' ? element.className.trim().split(/\s+/)[0] : '';
    return className ? `${element.localName}.${className}` : element.localName;
  };
  const handlers = {
    paint: (entry) => {
      if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
    },
    'largest-contentful-paint': (entry) => {
      vitals.lcp = entry.startTime;
      vitals.lcpElement = describe(entry.element);
    },
    'layout-shift': (entry) => {
      if (!entry.hadRecentInput) vitals.shifts.push({ at: entry.startTime, value: entry.value });
    },
    longtask: (entry) => vitals.longTasks.push({ start: entry.startTime, duration: entry.duration }),
    resource: () => undefined,
  };
  for (const [type, handle] of Object.entries(handlers)) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) handle(entry);
      vitals.lastEntryAt = performance.now();
    }).observe({ type, buffered: true });
  }
}

/** CLS as web-vitals counts it: the largest sum of shifts in a window of gaps under 1 s, at most 5 s long. */
function cumulativeLayoutShift(shifts) {
  let largest = 0;
  let window = { start: -Infinity, last: -Infinity, value: 0 };
  for (const shift of shifts) {
    if (shift.at - window.last < 1_000 && shift.at - window.start < 5_000) {
      window.value += shift.value;
      window.last = shift.at;
    } else {
      window = { start: shift.at, last: shift.at, value: shift.value };
    }
    largest = Math.max(largest, window.value);
  }
  return largest;
}

/** TBT: each long task's time past 50 ms, counting only what runs after FCP (a task across FCP is cut there). */
function totalBlockingTime(longTasks, fcp) {
  let total = 0;
  for (const task of longTasks) {
    const end = task.start + task.duration;
    if (fcp === null || end <= fcp) continue;
    total += Math.max(0, end - Math.max(task.start, fcp) - 50);
  }
  return total;
}

/** The page's requests in flight (long-lived ones aside) and the bytes its responses took on the wire. */
function trackNetwork(page, cdp) {
  const network = { inFlight: new Set(), lastChangeAt: performance.now(), transferredBytes: 0, mainScriptEncoding: null };
  const settle = (request) => {
    if (network.inFlight.delete(request)) network.lastChangeAt = performance.now();
  };
  page.on('request', (request) => {
    if (LONG_LIVED(request)) return;
    network.inFlight.add(request);
    network.lastChangeAt = performance.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('response', async (response) => {
    if (!APP_SCRIPT.test(response.url()) || network.mainScriptEncoding !== null) return;
    network.mainScriptEncoding = (await response.allHeaders().catch(() => ({})))['content-encoding'] ?? 'none';
  });
  cdp.on('Network.loadingFinished', (event) => {
    network.transferredBytes += event.encodedDataLength;
  });
  return network;
}

/** Waits until the page has loaded and been quiet (no request, no performance entry) for QUIET_MS. */
async function waitUntilSettled(page, network) {
  const deadline = performance.now() + SETTLE_TIMEOUT_MS;
  while (performance.now() < deadline) {
    const { sinceEntryMs } = await page.evaluate(() => ({ sinceEntryMs: performance.now() - globalThis.__benchVitals.lastEntryAt }));
    const sinceNetworkMs = performance.now() - network.lastChangeAt;
    if (network.inFlight.size === 0 && sinceNetworkMs >= QUIET_MS && sinceEntryMs >= QUIET_MS) return true;
    await sleep(SETTLE_POLL_MS);
  }
  return false;
}

/** Opens `url` in `page` and waits until it has settled; answers whether it did within SETTLE_TIMEOUT_MS, and the network's tally. */
async function openSettled(page, url, cdp) {
  const network = trackNetwork(page, cdp);
  const response = await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
  if (!response?.ok() && response?.status() !== 304) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
  return { network, settled: await waitUntilSettled(page, network) };
}

/** One throttled load of `url` in a new page of `context`; answers its vitals. */
async function measureLoad(context, url) {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.latencyMs,
      downloadThroughput: (MOBILE.downloadKbps * 1000) / 8,
      uploadThroughput: (MOBILE.uploadKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
    const { network, settled } = await openSettled(page, url, cdp);
    const vitals = await page.evaluate(() => globalThis.__benchVitals);
    return {
      lcp: vitals.lcp,
      lcpElement: vitals.lcpElement,
      fcp: vitals.fcp,
      cls: cumulativeLayoutShift(vitals.shifts),
      tbt: totalBlockingTime(vitals.longTasks, vitals.fcp),
      transferredBytes: network.transferredBytes,
      mainScriptEncoding: network.mainScriptEncoding,
      settled,
    };
  } finally {
    await page.close();
  }
}

/** Median of the finite values, or null. */
function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The home page, a series' title page and an episode of that series, found through the API as a visitor would. */
async function pagesToMeasure(baseUrl) {
  const response = await fetch(`${baseUrl}/api/home`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`/api/home answered ${response.status}`);
  const { latestEpisodes } = await response.json();
  const episode = latestEpisodes.episodes.find((candidate) => candidate.titleKind === 'dizi');
  if (!episode) throw new Error('the demo catalog has no aired series episode on the home page');
  const titlePath = episode.path.split('/').slice(0, 3).join('/');
  return [
    { name: 'home', path: '/' },
    { name: 'title', path: titlePath },
    { name: 'watch', path: episode.path },
  ];
}

/** The app on a throw-away database with the demo catalog, one process without Redis; answers its base URL. */
async function startApp({ root, settings, cleanup }) {
  const database = await createBenchDatabase(settings.adminDatabaseUrl);
  cleanup.add(`drop database ${database.name}`, () => database.drop());
  const dataDir = mkdtempSync(join(tmpdir(), 'seyirlik-bench-vitals-'));
  cleanup.add(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const server = startNode('vitals server', join(root, 'server', 'dist', 'main.js'), {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: database.url, REDIS_URL: '', DATA_DIR: dataDir, PORT: String(port) },
  });
  cleanup.addChild(server);
  // The server migrates the database as it starts; the catalog goes in after.
  await waitForHealthy(server, port, { timeoutMs: SERVER_START_TIMEOUT_MS });
  await importDemoCatalog({ root, databaseUrl: database.url, workDir: dataDir });
  return { baseUrl: `http://127.0.0.1:${port}`, database };
}

/** One unthrottled load of each page, so the server's read cache holds them as after a page's first visitors. */
async function warmUpServer(browser, baseUrl, pages) {
  const context = await browser.newContext();
  await context.addInitScript(observeVitals);
  try {
    for (const { path } of pages) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await openSettled(page, `${baseUrl}${path}`, cdp);
      await page.close();
    }
  } finally {
    await context.close();
  }
}

/** Runs the whole section; `cleanup` takes what must be released. Answers every load and the medians, or throws when something could not run. */
export async function runVitalsSection({ root, settings, cleanup, signal }) {
  console.log(
    heading(
      `Web vitals: home, title and watch pages, cold and warm, ${RUNS} loads each, in Chromium as a phone ` +
        `(${MOBILE.cpuSlowdown}x CPU slowdown, ${MOBILE.downloadKbps / 1000} Mbps down, ${MOBILE.uploadKbps} kbps up, ${MOBILE.latencyMs} ms latency)`,
    ),
  );
  const { baseUrl, database } = await startApp({ root, settings, cleanup });
  const pages = await pagesToMeasure(baseUrl);
  console.log(`  app on ${baseUrl} (database ${database.name}, demo catalog); pages: ${pages.map((page) => `${page.name} ${page.path}`).join(', ')}`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  cleanup.add('close Chromium', () => browser.close());
  const loads = [];
  try {
    await warmUpServer(browser, baseUrl, pages);
    for (const { name, path } of pages) {
      for (let run = 1; run <= RUNS; run += 1) {
        if (signal.aborted) throw new Error('interrupted');
        // A new context starts with an empty cache; its second visit finds what the first one kept.
        const context = await browser.newContext(MOBILE.context);
        await context.addInitScript(observeVitals);
        try {
          for (const visit of ['cold', 'warm']) {
            const vitals = await measureLoad(context, `${baseUrl}${path}`);
            loads.push({ page: name, path, visit, run, ...vitals });
            console.log(`  ${name} ${visit} #${run}: ${describeLoad(vitals)}`);
          }
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  return { pages, loads, medians: mediansOf(pages, loads) };
}

/** Per page and visit, the median of each figure over its runs. */
function mediansOf(pages, loads) {
  return pages.flatMap(({ name }) =>
    ['cold', 'warm'].map((visit) => {
      const runs = loads.filter((load) => load.page === name && load.visit === visit);
      const of = (key) => median(runs.map((load) => load[key]));
      return { page: name, visit, lcp: of('lcp'), cls: of('cls'), tbt: of('tbt'), fcp: of('fcp'), transferredBytes: of('transferredBytes') };
    }),
  );
}

const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '-');
const milliseconds = (ms) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : '-');
const shift = (value) => (Number.isFinite(value) ? value.toFixed(3) : '-');
const meetsTargets = (figures) => figures.lcp !== null && figures.lcp < TARGETS.lcpMs && figures.cls !== null && figures.cls < TARGETS.cls;

function describeLoad(load) {
  return (
    `LCP ${seconds(load.lcp)} (${load.lcpElement ?? 'none'}), CLS ${shift(load.cls)}, TBT ${milliseconds(load.tbt)}, FCP ${seconds(load.fcp)}, ` +
    `${formatKb(load.transferredBytes)}${load.settled ? '' : ', did not settle'}`
  );
}

/** Problems to report: a load without an LCP or FCP, or one that never settled. */
export function vitalsProblems(section) {
  const problems = [];
  for (const load of section.loads) {
    const label = `vitals ${load.page} ${load.visit} #${load.run}`;
    if (load.lcp === null || load.fcp === null) problems.push(`${label}: the page painted no ${load.fcp === null ? 'FCP' : 'LCP'}`);
    if (!load.settled) problems.push(`${label}: still busy after ${SETTLE_TIMEOUT_MS / 1000} s`);
  }
  return problems;
}

/** What compression the app's main script came with, as the measured loads saw it. */
function compressionNote(section) {
  const encodings = [...new Set(section.loads.map((load) => load.mainScriptEncoding).filter(Boolean))];
  return encodings.length === 0 ? 'unknown' : encodings.join(', ');
}

export function printVitalsResults(section) {
  console.log(
    heading(
      `Web vitals, mobile (390x844 @3x, ${MOBILE.cpuSlowdown}x CPU, ${MOBILE.downloadKbps / 1000} Mbps / ${MOBILE.uploadKbps} kbps, ${MOBILE.latencyMs} ms), median of ${RUNS} loads`,
    ),
  );
  const columns = [
    { title: 'page' },
    { title: 'visit' },
    { title: 'LCP', align: 'right' },
    { title: 'CLS', align: 'right' },
    { title: 'TBT', align: 'right' },
    { title: 'FCP', align: 'right' },
    { title: 'transferred', align: 'right' },
    { title: 'targets' },
  ];
  const path = (name) => section.pages.find((page) => page.name === name).path;
  const rows = section.medians.map((figures) => [
    `${figures.page} ${path(figures.page)}`,
    figures.visit,
    seconds(figures.lcp),
    shift(figures.cls),
    milliseconds(figures.tbt),
    seconds(figures.fcp),
    formatKb(figures.transferredBytes ?? 0),
    meetsTargets(figures) ? 'met' : 'NOT met',
  ]);
  for (const line of table(columns, rows)) console.log(line);
  console.log(`targets: LCP < ${TARGETS.lcpMs / 1000} s, CLS < ${TARGETS.cls}; TBT and FCP for reference`);
  console.log(`the app's main script came with content-encoding: ${compressionNote(section)} (what the server sends today)`);

  console.log(heading('Web vitals, every load'));
  const loadColumns = [
    { title: 'page' },
    { title: 'visit' },
    { title: 'run', align: 'right' },
    { title: 'LCP', align: 'right' },
    { title: 'LCP element' },
    { title: 'CLS', align: 'right' },
    { title: 'TBT', align: 'right' },
    { title: 'FCP', align: 'right' },
    { title: 'transferred', align: 'right' },
  ];
  const loadRows = section.loads.map((load) => [
    load.page,
    load.visit,
    String(load.run),
    seconds(load.lcp),
    load.lcpElement ?? '-',
    shift(load.cls),
    milliseconds(load.tbt),
    seconds(load.fcp),
    formatKb(load.transferredBytes),
  ]);
  for (const line of table(loadColumns, loadRows)) console.log(line);
}

/** Summary lines ([label, text]) for the web vitals section. */
export function vitalsSummaryLines(section) {
  return section.medians.map((figures) => [
    `vitals ${figures.page} ${figures.visit}`,
    `LCP ${seconds(figures.lcp)}, CLS ${shift(figures.cls)}, TBT ${milliseconds(figures.tbt)}, FCP ${seconds(figures.fcp)}: targets ${meetsTargets(figures) ? 'met' : 'MISSED'}`,
  ]);
}
