import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/** Where this run writes its report and artifacts; E2E_OUTPUT_DIR keeps parallel runs apart. */
const outputRoot = process.env.E2E_OUTPUT_DIR ?? '.test-output';

/** Debian's Chromium, started the way this machine needs it (no sandbox as root, no background traffic). */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: `${outputRoot}/playwright-artifacts`,
  timeout: 30_000,
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: `${outputRoot}/playwright.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: chromiumArgs,
        },
      },
    },
  ],
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(port), ...(process.env.E2E_DATA_DIR ? { E2E_DATA_DIR: process.env.E2E_DATA_DIR } : {}) },
  },
});
