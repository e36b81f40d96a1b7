import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../../src/db';
import { openPostgres } from '../../../src/db/postgres';
import { POSTGRES_ADMIN_URL } from '../../support/databases';

export interface FreshDatabase {
  name: string;
  url: string;
  /** A handle for the test's own checks (opened on first use). */
  db(): Db;
  /** Closes the handle and drops the database. */
  drop(): Promise<void>;
}

/**
 * A new empty database (the servers started on it migrate it), on the main PostgreSQL unless another
 * cluster's admin URL is given. Unreachable PostgreSQL fails with a message: these tests never skip.
 */
export async function freshDatabase(adminUrl = POSTGRES_ADMIN_URL): Promise<FreshDatabase> {
  const name = `kitty_reliability_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let handle: Db | undefined;
  return {
    name,
    url: url.toString(),
    db() {
      handle ??= openPostgres(url.toString(), { onIdleError: () => undefined });
      return handle;
    },
    async drop() {
      await handle?.close().catch(() => undefined);
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export async function withAdmin<T>(adminUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  admin.on('error', () => undefined);
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${adminUrl} (${(error as Error).message}). The reliability tests ` +
        'need it: start it (bash scripts/test.sh does), or point KITTY_TEST_POSTGRES_URL at a server ' +
        'where the user may create databases.',
    );
  }
  try {
    return await fn(admin);
  } finally {
    await admin.end().catch(() => undefined);
  }
}
