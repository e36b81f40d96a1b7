import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { smtpPort } from './e2e/mailbox';
import { PASSPHRASE } from './e2e/support';

// Every run gets a fresh embedded database in a temporary folder.
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'kitty-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'e2e',
  // The mailbox the app sends its e-mails to (verification and reset links).
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The spec's English, whatever the machine's own language (the Czech and pseudo-locale specs set theirs).
    locale: 'en-US',
    // The service worker serves chunks from its cache, where page.route cannot hold them: the specs that hold a
    // chunk to see a loading state would hold nothing. e2e/offline.spec.ts, which is about the worker, allows it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'pnpm --filter @kitty/server start',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      REGISTRATION_PASSPHRASE: PASSPHRASE,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort()}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Every browser test registers and signs in from 127.0.0.1: the per-address limits are raised here
      // (the server's own suites check them); the per-e-mail and per-account defaults stay.
      RATE_LIMIT_REGISTER_ADDRESS: '10000/1h',
      RATE_LIMIT_LOGIN_ADDRESS: '10000/15m',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
