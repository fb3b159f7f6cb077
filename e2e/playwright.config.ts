import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Journeys in Debian's Chromium (never a downloaded browser) against the real server, which
 * serves the built console over a fresh SQLite database with the captcha off.
 */
const port = Number(process.env.E2E_PORT ?? 8091);
// Workers re-read this file; the environment carries the one data folder to all of them.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'igs-e2e-'));

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two at once: the reading of every page in both languages (readable.spec.ts, a third of the
  // run, on an account of its own made by the global set-up) beside the journeys, which share
  // admin and run one after another (each project keeps to one worker).
  workers: 2,
  globalSetup: './support/global-setup.ts',
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'off',
    locale: 'zh-CN',
  },
  projects: [
    { name: 'reading', testMatch: 'readable.spec.ts', workers: 1 },
    { name: 'journeys', testIgnore: 'readable.spec.ts', workers: 1 },
  ],
  webServer: {
    command: 'node ../apps/server/src/main.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      GW_CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      // Every journey signs in from 127.0.0.1, a few hundred times in ten minutes: the per-address
      // limits (tested in the server suite) would refuse the browser itself.
      RATE_LIMIT_LOGIN_PER_MIN: '100000',
      RATE_LIMIT_CAPTCHA_PER_MIN: '100000',
      RATE_LIMIT_ANONYMOUS_PER_MIN: '100000',
    },
  },
});
