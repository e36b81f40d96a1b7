import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../auth/authenticate';
import type { Db } from '../db';
import { withoutSavepoints } from '../db/session';
import { badRequest, conflict, invalid, unprocessable } from './errors';
import { deleteExpiredKeys, type KeyedRequest, reserveKey, storeResponse } from './idempotency-store';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';
export const KEY_IN_PROGRESS = 'A request with this Idempotency-Key is still in progress.';
export const TOO_DEEP = 'The request body is nested too deeply.';
export const INVALID_KEY = 'Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces).';
/** How long a duplicate waits for the first request with its key to finish before answering 409. */
export const DEFAULT_WAIT_MS = 10_000;

const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;
const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<Db, number>();

/** What a create answers; `afterCommit` runs once the write is committed (e-mails), never on a replay. */
export interface Outcome<B> {
  status: number;
  body: B;
  afterCommit?: () => Promise<void>;
}

export interface IdempotencyOptions {
  waitMs?: number;
  /** What stands for the body in the request's fingerprint when it is not JSON (an upload: its bytes' hash). */
  body?: unknown;
}

/**
 * Runs a create so that a repeat with the same `Idempotency-Key` writes nothing twice.
 *
 * Without the header, `work` runs on the app's database handle as it always did. With it, the key is
 * reserved, the write is done and its answer stored in ONE transaction: `work` receives that transaction's
 * handle as its `db`, and the services' own `db.transaction(...)` calls run as part of it (any error rolls
 * back the whole transaction, the reservation included, so they need no savepoints). A
 * crash therefore never leaves a write without its key or a key without its write, and a concurrent
 * duplicate waits for the first to commit (see `reserveKey`) and replays its answer.
 *
 * Only successes are kept: a request refused with 4xx or failed with 5xx rolls back its reservation too,
 * so a corrected retry with the same key runs normally (unlike Stripe, which replays errors as well).
 * The same key with another method, route, path parameter or body is a 422. Keys live 24 hours.
 */
export async function idempotent<B>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (db: Db) => Promise<Outcome<B>>,
  options: IdempotencyOptions = {},
): Promise<B> {
  const { db } = request.server.ctx;
  const key = idempotencyKeyOf(request);
  if (key === null) {
    const outcome = await work(db);
    await outcome.afterCommit?.();
    reply.code(outcome.status);
    return outcome.body;
  }

  const keyed = keyedRequest(request, currentUser(request).id, key, options.body);
  const result = await db.transaction(async (tx) => {
    const reservation = await reserveKey(tx, keyed, options.waitMs ?? DEFAULT_WAIT_MS);
    if (reservation.kind === 'mismatch') throw unprocessable('IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
    if (reservation.kind === 'busy') throw conflict('IDEMPOTENCY_KEY_IN_PROGRESS', KEY_IN_PROGRESS);
    if (reservation.kind === 'replay') return { replayed: true as const, ...reservation };
    const outcome = await work(withoutSavepoints(tx));
    const body = JSON.stringify(outcome.body);
    await storeResponse(tx, keyed, outcome.status, body);
    return { replayed: false as const, status: outcome.status, body, afterCommit: outcome.afterCommit };
  });

  if (result.replayed) reply.header(REPLAYED_HEADER, 'true');
  else await result.afterCommit?.();
  await sweepExpiredKeys(db, request);
  // The exact text stored, so a replay is byte for byte the first answer.
  reply.code(result.status).type('application/json; charset=utf-8').send(result.body);
  return reply as unknown as B;
}

/** The header's key; null when absent; a 400 when it is not 1..255 visible ASCII characters. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !VISIBLE_ASCII.test(raw)) {
    throw invalid({ field: 'Idempotency-Key', message: INVALID_KEY });
  }
  return raw;
}

function keyedRequest(request: FastifyRequest, userId: string, key: string, given?: unknown): KeyedRequest {
  // An operation without a body in the contract ignores whatever is sent: it is not part of the request.
  const body = given ?? (request.routeOptions.schema?.body ? (request.body ?? null) : null);
  const fingerprint = canonicalJson({ params: request.params ?? {}, query: request.query ?? {}, body });
  return {
    userId,
    key,
    method: request.method,
    path: request.routeOptions.url ?? request.url,
    hash: createHash('sha256').update(fingerprint).digest('hex'),
  };
}

/** JSON with every object's keys sorted, so the same request always has the same hash. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value, 0));
}

// Far deeper than any body the contract accepts; deeper ones are refused before they exhaust the stack.
const MAX_DEPTH = 64;

function sortKeys(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) throw badRequest('MALFORMED_REQUEST', TOO_DEEP);
  if (Array.isArray(value)) return value.map((item) => sortKeys(item, depth + 1));
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .filter((k) => record[k] !== undefined)
      .map((k) => [k, sortKeys(record[k], depth + 1)]),
  );
}

/** Expired keys are deleted a few hundred at a time, at most once a minute per database handle. */
async function sweepExpiredKeys(db: Db, request: FastifyRequest): Promise<void> {
  const now = Date.now();
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  try {
    await deleteExpiredKeys(db);
  } catch (err) {
    request.log.warn({ err }, 'could not delete expired idempotency keys');
  }
}
