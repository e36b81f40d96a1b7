import { isUuid } from '../db/ids';
import { invalid } from '../http/errors';

/** Where a page ends: its last expense's `date` in whole microseconds since 1970 (exact) and its id. */
export interface PageKey {
  micros: string;
  id: string;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const INVALID_CURSOR = 'cursor is not valid: pass the nextCursor of the previous page';

const MICROS = /^-?\d{1,17}$/;

/** The opaque `nextCursor`: base64url of [microseconds, id]. */
export function encodeCursor(key: PageKey): string {
  return Buffer.from(JSON.stringify([key.micros, key.id])).toString('base64url');
}

/** Reads a cursor back; anything not made by encodeCursor is a 400 on `cursor`. */
export function decodeCursor(cursor: string | undefined): PageKey | null {
  if (cursor === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 2 &&
    typeof parsed[0] === 'string' &&
    typeof parsed[1] === 'string' &&
    MICROS.test(parsed[0]) &&
    isUuid(parsed[1])
  ) {
    return { micros: parsed[0], id: parsed[1] };
  }
  throw invalid({ field: 'cursor', message: INVALID_CURSOR });
}

export function pageSize(limit: number | undefined): number {
  return Math.min(Math.max(Math.trunc(limit ?? DEFAULT_PAGE_SIZE), 1), MAX_PAGE_SIZE);
}
