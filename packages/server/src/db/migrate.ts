import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../paths';
import type { Db } from './types';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

/**
 * Earlier texts of a landed migration with the very same effect: a database that applied one of them is up
 * to date. 0007 landed first with one CREATE CONSTRAINT TRIGGER per table (the file's text), then for two
 * stops with the same triggers made in a DO loop.
 */
const EQUIVALENT_TEXTS: ReadonlyMap<number, readonly string[]> = new Map([
  [7, ['02a379bd6eef6e7d735ba9ca66ec9808f226e0d3c0c50d526ca5a5fff69d423e']],
]);

// Any constant shared by every Kitty process: two servers starting at once wait for each other.
const MIGRATION_LOCK = 7_401_337;
const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir).filter((file) => file.endsWith('.sql'));
  const migrations = files.map((file) => {
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`Migration file ${file} must be named like 0002_add_something.sql`);
    const sql = readFileSync(join(dir, file), 'utf8');
    return { version: Number(match[1]), name: file, sql, checksum: sha256(sql) };
  });
  migrations.sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `Migrations must be numbered 0001, 0002, ... without gaps: ${migration.name} is out of place`,
      );
    }
  });
  return migrations;
}

/**
 * Applies the migrations not applied yet, in order, in one transaction (all or nothing), and records
 * them in schema_migrations. Returns the names applied by this call. An applied migration whose file
 * changed since stops the start: migrations are never edited once landed.
 */
export async function migrate(db: Db, migrations: Migration[] = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: number; name: string; checksum: string }>(
      'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
    );
    const applied = new Map(rows.map((row) => [row.version, row]));
    const done: string[] = [];
    for (const migration of migrations) {
      const previous = applied.get(migration.version);
      if (previous) {
        const equivalent = EQUIVALENT_TEXTS.get(migration.version)?.includes(previous.checksum) ?? false;
        if (previous.checksum !== migration.checksum && !equivalent) {
          throw new Error(
            `Migration ${migration.name} changed after it was applied (as ${previous.name}). ` +
              'Never edit a landed migration: add a new numbered one instead.',
          );
        }
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      done.push(migration.name);
    }
    return done;
  });
}

function sha256(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');
}
