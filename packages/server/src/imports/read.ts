import type { components } from '@kitty/api/schema';
import type { ImportParseResult } from '@kitty/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { findGroupForMember } from '../groups/repo';
import { HttpError, invalidField, notFound, UNAVAILABLE_MESSAGE } from '../http/errors';
import type { CurrentUser } from '../users/repo';
import type { ParsePool } from './parse-pool';
import { fileCurrency } from './service';

type ImportRequest = components['schemas']['ImportRequest'];

/** How long one file may take to read: a 10 MiB file takes seconds, a minute on a machine under heavy load. */
export const PARSE_TIME_LIMIT_MS = 180_000;
export const TOO_MUCH_MEMORY =
  'Line 1: This file could not be read: it needs more memory than one import may use';
export const TOO_SLOW = `Line 1: This file could not be read: it takes longer than ${PARSE_TIME_LIMIT_MS / 1000} seconds`;
export const READER_FAILED = 'Line 1: This file could not be read';
/** When every reader is busy: the time a 10 MiB file takes, give or take. */
const RETRY_AFTER_SECONDS = 10;

/**
 * Reads the request's file on a reader thread (ParsePool) and answers what parseImport answered, holding
 * no database connection meanwhile (the named group is looked up first, in one query: its currency is the
 * file's default, and a group the caller is not in is a 404 before anything is read). A reader that ran
 * out of time or memory, or died, is the file's 400 on `content`; no reader free: 503 with Retry-After.
 */
export async function readOffThread(
  db: Db,
  pool: ParsePool,
  caller: CurrentUser,
  body: ImportRequest,
  log: FastifyBaseLogger,
): Promise<ImportParseResult> {
  const named = body.group_id === undefined ? null : await findGroupForMember(db, body.group_id, caller.id);
  if (body.group_id !== undefined && !named) throw notFound();
  const outcome = await pool.parse({
    format: body.format,
    content: body.content,
    currency: fileCurrency(body, named, caller),
  });
  switch (outcome.kind) {
    case 'read':
      return outcome.result;
    case 'too-slow':
      throw invalidField('content', TOO_SLOW);
    case 'crashed':
      if (outcome.outOfMemory) throw invalidField('content', TOO_MUCH_MEMORY);
      log.error({ err: outcome.error }, 'an import reader died');
      throw invalidField('content', READER_FAILED);
    case 'busy':
    case 'closed':
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGE, undefined, {
        'retry-after': String(RETRY_AFTER_SECONDS),
      });
  }
}
