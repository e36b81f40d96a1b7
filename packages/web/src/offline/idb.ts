// The device's offline data in one IndexedDB database: `answers` (the last answer of each GET, per signed-in
// session) and `outbox` (writes made without a connection, in the order they were made). A browser without
// IndexedDB (or one that refuses it, e.g. some private modes) keeps nothing: every call then resolves empty.

const DB_NAME = 'kitty-offline'; // i18n-ignore: a database name
const VERSION = 1;
export const ANSWERS = 'answers'; // i18n-ignore: a store name
export const OUTBOX = 'outbox'; // i18n-ignore: a store name

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    try {
      const request = indexedDB.open(DB_NAME, VERSION);
      request.onupgradeneeded = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains(ANSWERS)) db.createObjectStore(ANSWERS, { keyPath: 'key' });
        if (!db.objectStoreNames.contains(OUTBOX)) db.createObjectStore(OUTBOX, { keyPath: 'seq' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

const done = <T>(request: IDBRequest) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error);
  });

/** One request in its own transaction; `fallback` without a database or when it fails. */
export async function withStore<T>(
  store: string,
  mode: IDBTransactionMode,
  use: (objects: IDBObjectStore) => IDBRequest,
  fallback: T,
): Promise<T> {
  const db = await open();
  if (!db) return fallback;
  try {
    return await done<T>(use(db.transaction(store, mode).objectStore(store)));
  } catch {
    return fallback;
  }
}
