import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, QueryResult } from './types';

/** One connection inside a transaction. */
export interface Session {
  query<T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<void>;
}

interface ActiveTransaction {
  owner: object;
  open: boolean;
}

const activeTransaction = new AsyncLocalStorage<ActiveTransaction>();

/**
 * Whether transactions are marked for `assertOutsideTransaction`. Marking needs AsyncLocalStorage, which on
 * Node 20 turns on promise hooks for every promise of the process (about 5% of a read's CPU under load), so
 * PostgreSQL in production skips it: tests and development run with it and catch the misuse. PGlite always
 * marks: there the misuse would hang the process rather than run outside the transaction.
 */
export const markPostgresTransactions = process.env.NODE_ENV !== 'production';

/** Runs fn marked as inside a transaction of `owner`, so `assertOutsideTransaction` can catch misuse. */
export async function withinTransaction<T>(owner: object, fn: () => Promise<T>, mark = true): Promise<T> {
  if (!mark) return fn();
  const marker: ActiveTransaction = { owner, open: true };
  try {
    return await activeTransaction.run(marker, fn);
  } finally {
    marker.open = false;
  }
}

/**
 * Using the outer handle inside a transaction would run outside it on PostgreSQL and wait forever on
 * PGlite (one connection, held by the transaction): fail loudly instead.
 */
export function assertOutsideTransaction(owner: object): void {
  const marker = activeTransaction.getStore();
  if (marker?.open && marker.owner === owner) {
    throw new Error('The outer db handle was used inside db.transaction(): use the tx handle given to fn.');
  }
}

/** The `tx` handle given to a transaction callback; nested transactions become savepoints. */
export function transactionHandle(engine: Db['engine'], session: Session): Db {
  let savepoints = 0;
  const tx: Db = {
    engine,
    query: (sql, params) => session.query(sql, params),
    exec: (sql) => session.exec(sql),
    async transaction(fn) {
      const name = `sp_${++savepoints}`;
      await session.exec(`SAVEPOINT ${name}`);
      try {
        const result = await fn(tx);
        await session.exec(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await session.exec(`ROLLBACK TO SAVEPOINT ${name}`);
        throw error;
      }
    },
    close: () => Promise.reject(new Error('A transaction handle cannot close the database.')),
  };
  return tx;
}

/**
 * `tx` with nested transactions run as part of it, without savepoints: for work whose every failure rolls
 * the whole transaction back anyway (nothing catches an error and goes on), where a savepoint would be two
 * more round trips that undo nothing the rollback does not.
 */
export function withoutSavepoints(tx: Db): Db {
  const flat: Db = { ...tx, transaction: (fn) => fn(flat) };
  return flat;
}
