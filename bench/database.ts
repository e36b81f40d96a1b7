import { randomBytes } from 'node:crypto';
import type { Db } from '../packages/server/src/db';
import { migrate } from '../packages/server/src/db/migrate';
import { openPostgres } from '../packages/server/src/db/postgres';

/** A server where the benchmark may create a database (the admin connection, not the bench database). */
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  name: string;
  url: string;
  db: Db;
  /** PostgreSQL's version string (SHOW server_version). */
  version: string;
  /** Closes the connections and drops the database, unless BENCH_KEEP_DB=1. */
  drop(): Promise<void>;
}

/** A fresh kitty_bench_<random> database, migrated with the server's own migrations. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `kitty_bench_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres(ADMIN_URL, { max: 1 });
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.close();
    throw new Error(
      `Could not create the benchmark database on ${ADMIN_URL} (${(error as Error).message}). ` +
        'Start PostgreSQL, or point BENCH_POSTGRES_URL at a server where the user may create databases.',
    );
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), { max: 4 });
  await migrate(db);
  const { rows } = await db.query<{ server_version: string }>('SHOW server_version');
  return {
    name,
    url: url.toString(),
    db,
    version: rows[0]?.server_version ?? 'unknown',
    async drop() {
      await db.close();
      if (process.env.BENCH_KEEP_DB === '1') {
        console.log(`Kept the benchmark database ${name} (BENCH_KEEP_DB=1): ${url}`);
      } else {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
      await admin.close();
    },
  };
}
