import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../src/db';
import { migrate } from '../../src/db/migrate';
import { openPglite } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';

export const ENGINES = ['pglite', 'postgres'] as const;
export type Engine = (typeof ENGINES)[number];

export const POSTGRES_ADMIN_URL =
  process.env.KITTY_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  db: Db;
  /** For PostgreSQL: the URL of the fresh database. */
  url: string;
  /** Closes the handle and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

/**
 * A fresh database: PGlite in memory, or a new `kitty_test_<random>` database on the local PostgreSQL.
 * When PostgreSQL is unreachable this fails with a clear message: those tests never skip.
 */
export async function createTestDatabase(
  engine: Engine,
  options = { migrated: true },
): Promise<TestDatabase> {
  const created = engine === 'pglite' ? await createPglite() : await createPostgres();
  if (options.migrated) await migrate(created.db);
  return created;
}

async function createPglite(): Promise<TestDatabase> {
  const db = await openPglite('memory://');
  return { db, url: 'memory://', drop: () => db.close() };
}

async function createPostgres(): Promise<TestDatabase> {
  const name = `kitty_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString());
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (${(error as Error).message}). ` +
        'The PostgreSQL integration tests need it: start it (bash scripts/test.sh does), ' +
        'or point KITTY_TEST_POSTGRES_URL at a server where the user may create databases.',
    );
  }
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}
