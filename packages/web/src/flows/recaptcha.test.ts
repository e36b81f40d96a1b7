import { describe, expect, it, vi } from 'vitest';
import { createRecaptcha, type Grecaptcha, RECAPTCHA_FAILED } from './recaptcha';

const enabled = { enabled: true, siteKey: 'site-key' };

function fakeGrecaptcha(execute: Grecaptcha['execute']): Grecaptcha {
  return { ready: (callback) => callback(), execute };
}

describe('createRecaptcha', () => {
  it('gives a null token and loads no script when the server has verification off', async () => {
    const loadScript = vi.fn();
    const recaptcha = createRecaptcha({
      loadSettings: async () => ({ enabled: false, siteKey: null }),
      loadScript,
    });
    recaptcha.prepare();
    await expect(recaptcha.getToken('login')).resolves.toEqual({ ok: true, token: null });
    expect(loadScript).not.toHaveBeenCalled();
  });

  it('loads the script for the site key once and asks for a token for the named action', async () => {
    const execute = vi.fn(async (_key: string, { action }: { action: string }) => `token-for-${action}`);
    const loadScript = vi.fn(async () => fakeGrecaptcha(execute));
    const recaptcha = createRecaptcha({ loadSettings: async () => enabled, loadScript });
    recaptcha.prepare();
    await expect(recaptcha.getToken('register')).resolves.toEqual({ ok: true, token: 'token-for-register' });
    await recaptcha.getToken('login');
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loadScript).toHaveBeenCalledWith('site-key');
    expect(execute).toHaveBeenLastCalledWith('site-key', { action: 'login' });
  });

  it('reports the spec message when Google refuses the check, so nothing is sent', async () => {
    const recaptcha = createRecaptcha({
      loadSettings: async () => enabled,
      loadScript: async () => fakeGrecaptcha(() => Promise.reject(new Error('network'))),
    });
    await expect(recaptcha.getToken('login')).resolves.toEqual({
      ok: false,
      reason: 'failed',
      message: RECAPTCHA_FAILED,
    });
  });

  it('sends nothing when verification is on but the script never becomes available', async () => {
    const recaptcha = createRecaptcha({
      loadSettings: async () => enabled,
      loadScript: () => new Promise<Grecaptcha>(() => {}),
      readyTimeoutMs: 5,
    });
    await expect(recaptcha.getToken('login')).resolves.toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('retries loading the script on the next submit after a failed load', async () => {
    const loadScript = vi
      .fn<(siteKey: string) => Promise<Grecaptcha>>()
      .mockRejectedValueOnce(new Error('blocked'))
      .mockResolvedValueOnce(fakeGrecaptcha(async () => 'ok-token'));
    const recaptcha = createRecaptcha({ loadSettings: async () => enabled, loadScript });
    await expect(recaptcha.getToken('login')).resolves.toMatchObject({ ok: false, reason: 'unavailable' });
    await expect(recaptcha.getToken('login')).resolves.toEqual({ ok: true, token: 'ok-token' });
  });

  it('lets the form send without a token when the client configuration cannot be read', async () => {
    const recaptcha = createRecaptcha({
      loadSettings: () => Promise.reject(new Error('offline')),
      loadScript: vi.fn(),
    });
    await expect(recaptcha.getToken('login')).resolves.toEqual({ ok: true, token: null });
  });
});
