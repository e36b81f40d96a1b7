import type { DatabaseConfig } from '../config';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export type { Db, QueryResult } from './types';
export { DatabaseUnavailableError, isUnavailable } from './errors';

export interface OpenDbOptions {
  onIdleError?: (error: Error) => void;
  /** A transaction PostgreSQL rolled back (deadlock victim, serialization failure) is about to run again. */
  onTransientRetry?: (error: Error, attempt: number) => void;
  /** PostgreSQL connections at most (DATABASE_POOL_SIZE); PGlite has one. */
  max?: number;
}

export async function openDb(config: DatabaseConfig, options: OpenDbOptions = {}): Promise<Db> {
  return config.kind === 'postgres' ? openPostgres(config.url, options) : openPglite(config.dataDir);
}
