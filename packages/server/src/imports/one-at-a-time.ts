import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { conflict } from '../http/errors';
import { claimImportLease, extendImportLease, releaseImportLease } from './lease-repo';

export const IMPORT_IN_PROGRESS =
  'One of your imports is still running. Wait until it has finished, then try again.';

/**
 * How long a lease lasts without being renewed: the longest an account waits after a server process died
 * in the middle of its import. A running import renews it every third of that.
 */
export const LEASE_SECONDS = 120;

/** An account's right to run one import; `release` may be called more than once. */
export interface ImportLease {
  release(): Promise<void>;
}

/**
 * Takes the caller's import lease, or refuses at once with 409 IMPORT_IN_PROGRESS: one import (or preview)
 * at a time per account, across every server process, because the lease is a row of the database
 * (src/imports/README.md). Nothing is held while the import runs but that row.
 */
export async function takeImportLease(db: Db, userId: string, log: FastifyBaseLogger): Promise<ImportLease> {
  const holder = randomUUID();
  if (!(await claimImportLease(db, userId, holder, LEASE_SECONDS))) {
    throw conflict('IMPORT_IN_PROGRESS', IMPORT_IN_PROGRESS);
  }
  const renew = setInterval(
    () => {
      extendImportLease(db, userId, holder, LEASE_SECONDS).catch((err) =>
        log.warn({ err }, 'could not renew an import lease'),
      );
    },
    (LEASE_SECONDS * 1000) / 3,
  );
  renew.unref();
  let released: Promise<void> | null = null;
  return {
    release() {
      clearInterval(renew);
      released ??= releaseImportLease(db, userId, holder).catch((err) =>
        // Left behind, it expires on its own.
        log.warn({ err }, 'could not release an import lease'),
      );
      return released;
    },
  };
}
