import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { Db } from '../../src/db';
import { checkEveryAnswer } from '../contract';
import { createTestDatabase, type Engine, type TestDatabase } from './databases';

export const TEST_PASSPHRASE = 'correct horse battery staple';
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!';

export const TESTS_WITHOUT_REQUEST_LIMITS = {
  RATE_LIMIT_LOGIN_ADDRESS: 'off',
  RATE_LIMIT_LOGIN_EMAIL: 'off',
  RATE_LIMIT_REGISTER_ADDRESS: 'off',
  RATE_LIMIT_REGISTER_EMAIL: 'off',
  RATE_LIMIT_MAIL_LINKS: 'off',
  RATE_LIMIT_LOOKUPS: 'off',
  RATE_LIMIT_WRITES: 'off',
  // Suites fire many requests of one account at once (races, locks): abuse-load.suite.ts turns it on.
  ACCOUNT_CONCURRENCY: 'off',
};

/** The config tests run with; `env` overrides the environment variables it is read from. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATABASE_URL: 'memory://',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'kitty-test-')),
    REGISTRATION_PASSPHRASE: TEST_PASSPHRASE,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(tmpdir(), 'kitty-no-web-build'),
    // Every suite registers and signs in from one address: the request limits have their own suites
    // (abuse-*.suite.ts), which turn them on.
    ...TESTS_WITHOUT_REQUEST_LIMITS,
    // A live stream sends what was missed and ends, so an injected GET /events answers (live.suite.ts
    // keeps its streams open).
    LIVE_STREAM_SECONDS: '0',
    ...env,
  });
}

/** What every integration suite gets: one migrated database per test file, shared by its suites. */
export interface TestContext {
  readonly engine: Engine;
  readonly db: Db;
  /** The database's URL (PostgreSQL), for an app with a pool of its own: `buildApp({ DATABASE_URL: url }, { db: undefined })`. */
  readonly url: string;
  /** The app with the default test config on the shared database. */
  readonly app: FastifyInstance;
  /** Another app on the same database, with other settings; closed after the file's tests. */
  buildApp(env?: Record<string, string>, deps?: AppDeps): Promise<FastifyInstance>;
}

export function useTestContext(engine: Engine): TestContext {
  let database: TestDatabase | undefined;
  let defaultApp: FastifyInstance | undefined;
  const apps: FastifyInstance[] = [];

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The test database is not ready (used outside a test?)');
    return value;
  };
  const context: TestContext = {
    engine,
    get db() {
      return ready(database).db;
    },
    get url() {
      return ready(database).url;
    },
    get app() {
      return ready(defaultApp);
    },
    async buildApp(env = {}, deps = {}) {
      const app = await buildApp(testConfig(env), { db: ready(database).db, ...deps });
      checkEveryAnswer(app);
      apps.push(app);
      return app;
    },
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    defaultApp = await context.buildApp();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
  });
  return context;
}
