import { describe, expect, it } from 'vitest';
import { createTokens } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

function clock(start = Date.UTC(2026, 10, 24, 12)) {
  let ms = start;
  return { now: () => ms, advance: (seconds: number) => (ms += seconds * 1000) };
}

describe('tokens: a token is valid as signed, until it expires', () => {
  it('a token accepted before is refused from the second it expires', async () => {
    const time = clock();
    const tokens = createTokens(SECRET, 60, time.now);
    const token = await tokens.sign({ id: 'user-1', token_version: 3 });
    const expiry = time.now() / 1000 + 60;
    expect(await tokens.verify(token)).toEqual({ sub: 'user-1', tv: 3, exp: expiry });
    time.advance(59);
    expect(await tokens.verify(token)).toEqual({ sub: 'user-1', tv: 3, exp: expiry });
    time.advance(1);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('a changed copy of a valid token is refused', async () => {
    const tokens = createTokens(SECRET, 60, clock().now);
    const token = await tokens.sign({ id: 'user-1', token_version: 0 });
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, , signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ sub: 'user-2', tv: 0, iat: 1, exp: 4e9 })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${otherPayload}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
  });
});
