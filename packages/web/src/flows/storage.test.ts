import { describe, expect, it } from 'vitest';
import {
  AUTH_ERROR_KEY,
  createAuthStorage,
  type KeyValueStorage,
  memoryStorage,
  safeStorage,
} from './storage';

function refusingStorage(): KeyValueStorage {
  const refuse = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return { getItem: refuse, setItem: refuse, removeItem: refuse };
}

describe('createAuthStorage', () => {
  it('keeps the session token under the key "token" and the login error under "auth_error"', () => {
    const store = memoryStorage();
    const auth = createAuthStorage(store);
    auth.setToken('abc');
    auth.setAuthError('Invalid email or password');
    expect(store.getItem('token')).toBe('abc');
    expect(store.getItem(AUTH_ERROR_KEY)).toBe('Invalid email or password');
    expect(auth.getToken()).toBe('abc');

    auth.clearToken();
    auth.clearAuthError();
    expect(store.getItem('token')).toBeNull();
    expect(store.getItem('auth_error')).toBeNull();
  });

  it('treats an empty stored token as no token, so an empty value never counts as signed in', () => {
    const store = memoryStorage();
    store.setItem('token', '');
    expect(createAuthStorage(store).getToken()).toBeNull();
  });
});

describe('safeStorage', () => {
  it('writes through to the backing storage when it works', () => {
    const backing = memoryStorage();
    const store = safeStorage(() => backing);
    store.setItem('token', 't1');
    expect(backing.getItem('token')).toBe('t1');
    store.removeItem('token');
    expect(backing.getItem('token')).toBeNull();
  });

  it('keeps values in memory when the browser refuses storage, instead of throwing', () => {
    const store = safeStorage(refusingStorage);
    expect(() => store.setItem('token', 't1')).not.toThrow();
    expect(store.getItem('token')).toBe('t1');
    store.removeItem('token');
    expect(store.getItem('token')).toBeNull();
  });

  it('works without any backing storage (no window)', () => {
    const store = safeStorage(() => undefined);
    store.setItem('auth_error', 'Login failed');
    expect(store.getItem('auth_error')).toBe('Login failed');
  });
});
