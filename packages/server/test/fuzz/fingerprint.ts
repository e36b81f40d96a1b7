import type { Db } from '../../src/db';

/**
 * Tables that record requests rather than data, and may change when a request is refused: the
 * migrations ledger, and counters of attempts (rate limits). Everything else must stay as it was.
 */
const BOOKKEEPING = /^(schema_migrations|migrations|.*rate_limit.*|.*attempts?)$/;

export interface Fingerprint {
  /** table -> "rows:md5 of every row" */
  tables: Record<string, string>;
}

/**
 * Row count and an md5 of every row's text, per table of the schema: one query, a few milliseconds at
 * the fuzz world's size. Two equal fingerprints mean no row was added, removed or changed.
 */
export async function fingerprinter(db: Db): Promise<() => Promise<Fingerprint>> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const tables = rows.map((row) => row.name).filter((name) => !BOOKKEEPING.test(name));
  if (tables.length < 5) throw new Error(`fuzz: expected the app's tables, found ${tables.join(', ')}`);
  const sql = tables
    .map(
      (name) =>
        `SELECT '${name}' AS name, count(*)::int AS n, ` +
        `coalesce(md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))), '') AS h FROM "${name}" t`,
    )
    .join(' UNION ALL ');
  return async () => {
    const result = await db.query<{ name: string; n: number; h: string }>(sql);
    return { tables: Object.fromEntries(result.rows.map((r) => [r.name, `${r.n}:${r.h}`])) };
  };
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(after.tables).filter((name) => before.tables[name] !== after.tables[name]);
}

export { BOOKKEEPING };
