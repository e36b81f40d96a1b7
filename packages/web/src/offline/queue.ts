import { newIdempotencyKey } from '../flows/idempotency';
import type { QueuedWrite, WriteInput } from './outbox';

// What the screens that write call: small, so that their chunks carry nothing more; the outbox itself
// (IndexedDB, sending, the words) loads only when a write finds no connection.

/** What a write resolves to when it was kept on the device instead of reaching the server. */
export interface Queued {
  readonly queued: QueuedWrite;
}

const noAnswer = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 0;

/**
 * Sends a write; without a connection (the browser knows it has none, or no answer came) keeps it in the
 * outbox with the same Idempotency-Key, to be sent when the connection is back, and resolves to `{ queued }`:
 * the screen carries on as after a save, and the write shows as "Waiting to sync". A refusal by the server
 * rejects as before.
 */
export async function sendOrQueue<T>(write: WriteInput, send: () => Promise<T>): Promise<T | Queued> {
  if (navigator.onLine !== false) {
    try {
      return await send();
    } catch (error) {
      if (!noAnswer(error)) throw error;
    }
  }
  const { keepWrite } = await import('./sync');
  return { queued: await keepWrite(write) };
}

const groupOf = (body: unknown): string | null => {
  const id = typeof body === 'object' && body !== null ? (body as { group_id?: unknown }).group_id : null;
  return typeof id === 'string' ? id : null;
};

/** POST /expenses as the outbox keeps it (the draft's key; a fresh one when the draft had none). */
export const queuedExpense = (body: unknown, idempotencyKey: string | null): WriteInput => ({
  kind: 'expense',
  path: '/expenses',
  body,
  idempotencyKey: idempotencyKey ?? newIdempotencyKey(),
  groupId: groupOf(body),
  expenseId: null,
});

/** POST /financial/settlements as the outbox keeps it. */
export const queuedSettlement = (body: unknown, idempotencyKey: string | null): WriteInput => ({
  kind: 'settlement',
  path: '/financial/settlements',
  body,
  idempotencyKey: idempotencyKey ?? newIdempotencyKey(),
  groupId: groupOf(body),
  expenseId: null,
});

/** POST /expenses/{id}/comments as the outbox keeps it. */
export const queuedComment = (
  expense: { id: string; group_id?: string | null },
  body: unknown,
  idempotencyKey: string,
): WriteInput => ({
  kind: 'comment',
  path: `/expenses/${encodeURIComponent(expense.id)}/comments`,
  body,
  idempotencyKey,
  groupId: expense.group_id ?? null,
  expenseId: expense.id,
});
