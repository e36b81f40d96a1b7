export interface QueryResult<T> {
  rows: T[];
  /** Rows returned, or rows changed by an INSERT, UPDATE or DELETE without RETURNING. */
  rowCount: number;
}

/**
 * The one database handle services and repos use. The same SQL runs on both engines.
 * Conventions:
 * - JSON parameters are passed as `JSON.stringify(value)` and cast in SQL (`$1::jsonb`).
 * - bigint and int8 columns come back as JS numbers (an error is thrown beyond 2^53), numeric as
 *   strings, date as 'YYYY-MM-DD' strings, timestamptz as Date, jsonb parsed.
 * - Inside `transaction(fn)` use only the `tx` handle: touching the outer handle there throws.
 */
export interface Db {
  readonly engine: 'postgres' | 'pglite';
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Commits when fn resolves, rolls back when it throws. Nested calls use savepoints. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
