import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIdempotencyKeys, newIdempotencyKey, randomUuid } from './idempotency';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid / newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses crypto.randomUUID where it exists', () => {
    expect(newIdempotencyKey()).toMatch(UUID_V4);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('falls back to getRandomValues in an insecure context (no randomUUID)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    expect(typeof crypto.randomUUID).toBe('undefined');
    const keys = new Set(Array.from({ length: 50 }, () => randomUuid()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(newIdempotencyKey()).toMatch(/^[!-~]{1,255}$/);
  });
});

describe('createIdempotencyKeys', () => {
  it('reuses the key when the same body is sent again, so a retry never creates it twice', () => {
    const keys = createIdempotencyKeys();
    const body = { name: 'Trip', members: [{ email: 'bob@example.com' }] };
    expect(keys.keyFor('group', body)).toBe(keys.keyFor('group', { ...body }));
  });

  it('gives a changed body a new key, which the server would otherwise refuse', () => {
    const keys = createIdempotencyKeys();
    expect(keys.keyFor('group', { name: 'Trip' })).not.toBe(keys.keyFor('group', { name: 'Trip 2' }));
  });

  it('keeps separate keys per scope (each invited person, the group)', () => {
    const keys = createIdempotencyKeys();
    expect(keys.keyFor('invite', { email: 'a@example.com' })).not.toBe(
      keys.keyFor('group', { email: 'a@example.com' }),
    );
  });

  it('a new set (a new submission) gets new keys for the same body', () => {
    const body = { email: 'a@example.com', name: null };
    expect(createIdempotencyKeys().keyFor('invite', body)).not.toBe(
      createIdempotencyKeys().keyFor('invite', body),
    );
  });
});
