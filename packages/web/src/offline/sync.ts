import { toast } from '../components/toastQueue';
import { invalidate } from '../flows/resource';
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
  // localStorage `token` (@kitty/api TOKEN_KEY), read directly: importing the API client's module here would
  // have rolldown move it out of the entry into a chunk of its own, one more request for /login.
  let token: string | null = null;
  try {
    token = localStorage.getItem('token'); // i18n-ignore: a storage key
  } catch {
    token = null;
  }
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

/**
 * Keeps a write that found no connection (src/offline/queue.ts decides) and shows it as waiting; online but
 * without an answer (a lost response, the server restarting), the outbox tries again at once, then with backoff.
 */
export async function keepWrite(write: WriteInput): Promise<QueuedWrite> {
  const queued = await outbox.enqueue(write);
  toast.info(t('queued'));
  if (navigator.onLine !== false) void outbox.sync();
  return queued;
}
