import pg from 'pg';
import { DatabaseUnavailableError, isUnavailable, translate } from './errors';
import { DATE_OID, INT8_OID, parseDate, parseInt8 } from './parsers';
import {
  assertOutsideTransaction,
  markPostgresTransactions,
  type Session,
  transactionHandle,
  withinTransaction,
} from './session';
import { statementNamer } from './statements';
import type { Db, QueryResult } from './types';

export interface PostgresOptions {
  /** Called with errors of idle connections (for example when the server restarts). */
  onIdleError?: (error: Error) => void;
  /** A transaction PostgreSQL rolled back (deadlock victim, serialization failure) is about to run again. */
  onTransientRetry?: (error: Error, attempt: number) => void;
  max?: number;
}

/**
 * Bounds that keep a request from hanging when PostgreSQL is down, restarting or frozen: the request
 * fails (503) instead. Connecting, or waiting for a free pooled connection, takes at most
 * CONNECT_TIMEOUT_MS; a statement runs at most STATEMENT_TIMEOUT_MS on the server, and the client stops
 * waiting for any answer after QUERY_TIMEOUT_MS (a database that accepts but never answers).
 */
export const CONNECT_TIMEOUT_MS = 3_000;
export const STATEMENT_TIMEOUT_MS = 5_000;
export const QUERY_TIMEOUT_MS = 6_000;
// A transaction left open by a process that froze is ended by PostgreSQL, releasing its locks.
const IDLE_IN_TRANSACTION_MS = 30_000;
// Scripts (migrations) may rewrite large tables: they are not held to the statement bounds.
const SCRIPT_TIMEOUT_MS = 60 * 60_000;
/** How many times a transaction PostgreSQL rolled back as a deadlock victim (or serialization failure) is run again. */
export const TRANSIENT_RETRIES = 3;
const SAVEPOINT = /^(SAVEPOINT|RELEASE SAVEPOINT|ROLLBACK TO SAVEPOINT) sp_\d+$/;

const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID) return parseInt8;
    if (oid === DATE_OID) return parseDate;
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

export function openPostgres(url: string, options: PostgresOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    // Every prepared statement (statements.ts) is planned once per connection, as its name promises. Left to
    // itself PostgreSQL plans a statement again on every call whenever its generic plan looks costlier than
    // the custom ones, which its guesses for `$1` (a group id, an array of ids) make it think of the hot
    // reads: planning then cost more CPU than running them (bench/README.md). Every statement here is built
    // to probe indexes whatever its parameters, so one plan serves all.
    options: '-c plan_cache_mode=force_generic_plan',
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    types,
  });
  // Without a listener, an idle connection that breaks (database restarted) would crash the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  const nameOf = statementNamer();

  const db: Db = {
    engine: 'postgres',
    async query<T>(sql: string, params?: readonly unknown[]) {
      assertOutsideTransaction(db);
      return run<T>(pool, { text: sql, name: nameOf(sql) }, params).catch(fail);
    },
    async exec(sql) {
      assertOutsideTransaction(db);
      await withClient(pool, async (client, discard) => {
        await client.query('SET statement_timeout = 0');
        try {
          await client.query(script(sql));
        } finally {
          // A connection that cannot get its limit back is not returned to the pool.
          await client.query('RESET statement_timeout').catch(discard);
        }
      });
    },
    async transaction(fn) {
      assertOutsideTransaction(db);
      // A deadlock victim or a serialization failure was rolled back whole: run it again (a few times, after
      // a short random pause) before answering 503. Work that must happen once (e-mails) runs after commit.
      for (let attempt = 1; ; attempt++) {
        try {
          return await transactionOnce(fn);
        } catch (error) {
          if (attempt > TRANSIENT_RETRIES || !(error instanceof DatabaseUnavailableError)) throw error;
          if (!isTransient(error.cause)) throw error;
          options.onTransientRetry?.(error.cause as Error, attempt);
          await new Promise((done) => setTimeout(done, attempt * 20 + Math.random() * 40));
        }
      }
    },
    async close() {
      await pool.end();
    },
  };

  function transactionOnce<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return withClient(pool, async (client, discard) => {
      await client.query('BEGIN');
      try {
        const session: Session = {
          query: (sql, params) => run(client, { text: sql, name: nameOf(sql) }, params),
          exec: async (sql) => {
            await client.query(SAVEPOINT.test(sql) ? sql : script(`SET LOCAL statement_timeout = 0; ${sql}`));
          },
        };
        const result = await withinTransaction(
          db,
          () => fn(transactionHandle('postgres', session)),
          markPostgresTransactions,
        );
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A connection that failed or timed out is not asked anything more: it is thrown away.
        if (!isBroken(error)) await client.query('ROLLBACK').catch(discard);
        throw error;
      }
    });
  }
  return db;
}

/**
 * Runs fn with a connection of its own. A connection that breaks while checked out (the pool only
 * listens while it is idle) is noted instead of crashing the process with an unhandled 'error' event,
 * and is discarded on release, as is one whose last statement failed for a connection reason.
 */
async function withClient<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient, discard: (error: Error) => void) => Promise<T>,
): Promise<T> {
  const client = await pool.connect().catch(fail);
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken ??= error;
  };
  client.on('error', onError);
  try {
    return await fn(client, onError);
  } catch (error) {
    if (isBroken(error)) broken ??= error as Error;
    return fail(error);
  } finally {
    client.release(broken ?? false);
    client.removeListener('error', onError);
  }
}

async function run<T>(
  target: pg.Pool | pg.PoolClient,
  statement: { text: string; name: string | undefined },
  params?: readonly unknown[],
): Promise<QueryResult<T>> {
  const result = await target.query({ ...statement, values: params as unknown[] | undefined });
  return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
}

function script(sql: string): pg.QueryConfig {
  return { text: sql, query_timeout: SCRIPT_TIMEOUT_MS } as pg.QueryConfig;
}

/** The connection failed, or PostgreSQL did not answer within the bounds. */
function isBroken(error: unknown): boolean {
  if (isUnavailable(error)) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '57014' || // canceling statement due to statement timeout
    message === 'Query read timeout' ||
    (typeof message === 'string' && message.includes('connection timeout'))
  );
}

/**
 * A transaction chosen as a deadlock victim, or refused for a serialization failure: PostgreSQL rolled
 * it back whole, so nothing was written and the same request may simply be sent again.
 */
function isTransient(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return code === '40P01' || code === '40001';
}

/**
 * Connection failures, timeouts and transient conflicts become DatabaseUnavailableError (a 503 with
 * Retry-After); anything else unchanged.
 */
function fail(error: unknown): never {
  if ((isBroken(error) || isTransient(error)) && !(error instanceof DatabaseUnavailableError)) {
    throw new DatabaseUnavailableError(error);
  }
  return translate(error);
}
