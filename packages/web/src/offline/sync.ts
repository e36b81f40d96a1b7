import { TOKEN_KEY } from '@kitty/api';
import { toast } from '../components/toastQueue';
import { newIdempotencyKey } from '../flows/idempotency';
import { invalidate } from '../flows/resource';
import { browserStorage } from '../flows/storage';
import { OUTBOX, withStore } from './idb';
import { offlineWords as t } from './words';
import {
  createOutbox,
  memoryOutboxStore,
  type OutboxStore,
  type QueuedWrite,
  type WriteInput,
} from './outbox';

// The app's one outbox: kept in IndexedDB, sent with the stored session's token, and sent again when the
// connection comes back, when the app starts and after each new write.

const hasIndexedDb = typeof indexedDB !== 'undefined';

const idbStore: OutboxStore = {
  all: () => withStore<QueuedWrite[]>(OUTBOX, 'readonly', (store) => store.getAll(), []),
  put: (write) => withStore(OUTBOX, 'readwrite', (store) => store.put(write), undefined).then(() => {}),
  remove: (seq) => withStore(OUTBOX, 'readwrite', (store) => store.delete(seq), undefined).then(() => {}),
};

async function post(write: QueuedWrite): Promise<{ status: number; data: unknown }> {
  const token = browserStorage.getItem(TOKEN_KEY);
  if (!token) return { status: 401, data: null };
  try {
    const response = await fetch(`/api${write.path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`, // i18n-ignore: an HTTP header
        'Content-Type': 'application/json',
        'Idempotency-Key': write.idempotencyKey,
      },
      body: JSON.stringify(write.body),
    });
    const text = await response.text();
    let data: unknown = null;
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
    return { status: response.status, data };
  } catch {
    return { status: 0, data: null };
  }
}

/** What shows a write that reached the server loads again. */
export function tagsOf(write: Pick<QueuedWrite, 'kind' | 'groupId' | 'expenseId'>): string[] {
  const group = write.groupId
    ? [`group:${write.groupId}`, `balances:${write.groupId}`, `settlements:${write.groupId}`]
    : [];
  if (write.kind === 'comment') return [`comments:${write.expenseId}`, 'expenses', ...group];
  return ['expenses', 'balances', 'groups', ...group];
}

export const outbox = createOutbox({
  store: hasIndexedDb ? idbStore : memoryOutboxStore(),
  send: post,
  onSent: (write) => invalidate(...tagsOf(write)),
});

if (typeof window !== 'undefined') window.addEventListener('online', () => void outbox.sync());

/** The browser knows it has no connection (a request would fail at once). */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/** What a write resolves to when it was kept on the device instead of reaching the server. */
export interface Queued {
  readonly queued: QueuedWrite;
}

export const wasQueued = (value: unknown): value is Queued =>
  typeof value === 'object' && value !== null && 'queued' in value;

const noAnswer = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 0;

/**
 * Sends a write; without a connection (known, or no answer came) keeps it in the outbox with the same
 * Idempotency-Key, to be sent when the connection is back, and resolves to `{ queued }` (the screen treats it
 * as done: it shows as "Waiting to sync"). A refusal by the server rejects as before.
 */
export async function sendOrQueue<T>(write: WriteInput, send: () => Promise<T>): Promise<T | Queued> {
  if (!isOffline()) {
    try {
      return await send();
    } catch (error) {
      if (!noAnswer(error)) throw error;
    }
  }
  const queued = await outbox.enqueue(write);
  toast.info(t('queued'));
  // Online but no answer (a lost response, the server restarting): the outbox tries again with backoff.
  if (!isOffline()) void outbox.sync();
  return { queued };
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
