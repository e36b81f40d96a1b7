import { createRequire } from 'node:module';
import type * as PG from '../packages/server/node_modules/@types/pg/index';
import { join } from 'node:path';
import type { Db } from '../packages/server/src/db';
import { DATE_OID, INT8_OID, parseDate, parseInt8 } from '../packages/server/src/db/parsers';
import { ROOT } from './processes';

// The server's own pg, so rows parse exactly as the server's handle parses them.
const pg = createRequire(join(ROOT, 'packages/server/package.json'))('pg') as typeof PG;

/**
 * A read-only handle without the server's per-statement bounds (5 s): a full recomputation of Big reads
 * every one of its splits, which takes longer on a busy machine. Values parse as with the server's handle.
 */
export function openCheckDb(url: string): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: 2,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8_OID) return parseInt8;
        if (oid === DATE_OID) return parseDate;
        return pg.types.getTypeParser(oid, format);
      }) as PG.CustomTypesConfig['getTypeParser'],
    },
  });
  // pool.end() resolves before its idle connections have closed: dropping the database (WITH FORCE) then
  // ends them with an error that would otherwise crash the bench after its report.
  pool.on('error', () => {});
  const refuse = () => Promise.reject(new Error('The check handle only reads'));
  return {
    engine: 'postgres',
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await pool.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
    exec: refuse,
    transaction: refuse,
    close: () => pool.end(),
  };
}
