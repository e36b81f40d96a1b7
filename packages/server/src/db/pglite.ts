import { mkdirSync } from 'node:fs';
import { PGlite, type Results } from '@electric-sql/pglite';
import { translate } from './errors';
import { lockDataDir } from './lock';
import { Mutex } from './mutex';
import { DATE_OID, INT8_OID, parseDate, parseInt8 } from './parsers';
import { assertOutsideTransaction, type Session, transactionHandle, withinTransaction } from './session';
import type { Db, QueryResult } from './types';

/**
 * PGlite is one connection: every statement and every transaction goes through one mutex, so the
 * statements of concurrent requests never interleave inside a transaction.
 */
export async function openPglite(dataDir: string): Promise<Db> {
  let unlock = () => {};
  if (dataDir !== 'memory://') {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(`${dataDir}.lock`, dataDir);
  }
  const pglite = await PGlite.create(dataDir, {
    parsers: { [INT8_OID]: parseInt8, [DATE_OID]: parseDate },
  }).catch((error) => {
    unlock();
    return translate(error);
  });
  const mutex = new Mutex();
  let closed = false;

  const db: Db = {
    engine: 'pglite',
    async query<T>(sql: string, params?: readonly unknown[]) {
      assertOutsideTransaction(db);
      return mutex.run(() => pglite.query<T>(sql, params as unknown[] | undefined)).then(toResult, translate);
    },
    async exec(sql) {
      assertOutsideTransaction(db);
      await mutex.run(() => pglite.exec(sql)).catch(translate);
    },
    async transaction(fn) {
      assertOutsideTransaction(db);
      return mutex
        .run(() =>
          pglite.transaction((tx) => {
            const session: Session = {
              query: <R>(sql: string, params?: readonly unknown[]) =>
                tx.query<R>(sql, params as unknown[] | undefined).then((r) => toResult(r)),
              exec: async (sql) => {
                await tx.exec(sql);
              },
            };
            return withinTransaction(db, () => fn(transactionHandle('pglite', session)));
          }),
        )
        .catch(translate);
    },
    async close() {
      if (closed) return;
      closed = true;
      await mutex.run(() => pglite.close());
      unlock();
    },
  };
  return db;
}

function toResult<T>(result: Results<T>): QueryResult<T> {
  return { rows: result.rows, rowCount: Math.max(result.rows.length, result.affectedRows ?? 0) };
}
