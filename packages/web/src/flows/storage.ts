import type { AuthStorage } from '@kitty/domain/flows';
import { TOKEN_KEY } from '@kitty/api';

/** The last login error survives a reload under this key (spec section 3). */
export const AUTH_ERROR_KEY = 'auth_error';

/** The part of the Web Storage API the app uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * Storage that never throws: when the backing store is missing or refuses (private modes, disabled
 * cookies, a full quota), the value is kept in memory for this page instead, so signing in still works.
 */
export function safeStorage(backing: () => KeyValueStorage | undefined): KeyValueStorage {
  const fallback = memoryStorage();
  const attempt = <T>(use: (store: KeyValueStorage) => T, otherwise: () => T): T => {
    try {
      const store = backing();
      return store ? use(store) : otherwise();
    } catch {
      return otherwise();
    }
  };
  return {
    getItem: (key) =>
      attempt(
        (store) => store.getItem(key) ?? fallback.getItem(key),
        () => fallback.getItem(key),
      ),
    setItem: (key, value) =>
      attempt(
        (store) => {
          store.setItem(key, value);
          fallback.removeItem(key);
        },
        () => fallback.setItem(key, value),
      ),
    removeItem: (key) => {
      fallback.removeItem(key);
      attempt(
        (store) => store.removeItem(key),
        () => undefined,
      );
    },
  };
}

/** The browser's localStorage, made safe. */
export const browserStorage: KeyValueStorage = safeStorage(
  () => (globalThis as { localStorage?: KeyValueStorage }).localStorage,
);

/** The auth machine's storage: the token under `token`, the last login error under `auth_error`. */
export function createAuthStorage(store: KeyValueStorage): AuthStorage {
  return {
    getToken: () => store.getItem(TOKEN_KEY) || null,
    setToken: (token) => store.setItem(TOKEN_KEY, token),
    clearToken: () => store.removeItem(TOKEN_KEY),
    setAuthError: (message) => store.setItem(AUTH_ERROR_KEY, message),
    clearAuthError: () => store.removeItem(AUTH_ERROR_KEY),
  };
}
