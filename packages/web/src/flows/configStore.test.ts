import type { AppConfig } from '@kitty/api';
import { HttpError, NetworkError } from '@kitty/api';
import { describe, expect, it, vi } from 'vitest';
import { CONFIG_FAILED, createConfigStore } from './configStore';

const config: AppConfig = {
  expenseCategories: { values: ['groceries'], displayNames: { groceries: 'Groceries' } },
  currencies: { EUR: { name: 'Euro', symbol: '€' } },
  splitTypes: ['equal'],
} as unknown as AppConfig;

describe('createConfigStore', () => {
  it('moves from idle through loading to succeeded and keeps the configuration', async () => {
    const store = createConfigStore(async () => config);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().status));
    expect(store.getSnapshot().status).toBe('idle');
    await store.load();
    expect(seen).toEqual(['loading', 'succeeded']);
    expect(store.getSnapshot().config).toEqual(config);
  });

  it('asks the server once when several parts of the app want the configuration at the same time', async () => {
    const fetchConfig = vi.fn(async () => config);
    const store = createConfigStore(fetchConfig);
    await Promise.all([store.load(), store.ensureLoaded(), store.load()]);
    await store.ensureLoaded();
    expect(fetchConfig).toHaveBeenCalledTimes(1);
  });

  it('keeps a failure as status and message, so a missing /config does not stop the app', async () => {
    const store = createConfigStore(() =>
      Promise.reject(new HttpError({ status: 404, data: { message: 'Not Found' }, message: CONFIG_FAILED })),
    );
    await expect(store.load()).resolves.toBeUndefined();
    expect(store.getSnapshot()).toMatchObject({
      status: 'failed',
      config: null,
      error: { status: 404, message: CONFIG_FAILED },
    });
  });

  it('reports "No response from server" with status 0 when nothing answered', async () => {
    const store = createConfigStore(() =>
      Promise.reject(new NetworkError({ message: 'No response from server' })),
    );
    await store.load();
    expect(store.getSnapshot().error).toEqual({ status: 0, message: 'No response from server' });
  });

  it('tries again after a failure when the configuration is wanted again', async () => {
    const fetchConfig = vi.fn().mockRejectedValueOnce(new Error('')).mockResolvedValueOnce(config);
    const store = createConfigStore(fetchConfig);
    await store.ensureLoaded();
    expect(store.getSnapshot().error?.message).toBe(CONFIG_FAILED);
    await store.ensureLoaded();
    expect(store.getSnapshot()).toMatchObject({ status: 'succeeded', error: null });
  });
});
