import { SignJWT } from 'jose';
import { TEST_JWT_SECRET } from '../support/context';
import type { BadTokens } from './cases';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function sign(claims: Record<string, unknown>, secret = TEST_JWT_SECRET, alg = 'HS256', expiresAt?: number) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setIssuedAt(now - 10)
    .setExpirationTime(expiresAt ?? now + 3600)
    .sign(new TextEncoder().encode(secret));
}

/** Tokens that must all be refused with 401: forged, foreign, expired, or naming nobody. */
export async function badTokens(userId: string): Promise<BadTokens> {
  const now = Math.floor(Date.now() / 1000);
  const valid = await sign({ sub: userId, tv: 0 });
  const [header, payload] = valid.split('.');
  return {
    tokens: [
      `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: userId, tv: 0, exp: now + 3600 })}.`,
      `${header}.${payload}.`,
      `${header}.${base64url({ sub: userId, tv: 0, exp: now + 3600, admin: true })}.${valid.split('.')[2]}`,
      await sign({ sub: userId, tv: 0 }, 'another-secret-that-is-long-enough-for-hs256'),
      await sign({ sub: userId, tv: 0 }, TEST_JWT_SECRET, 'HS512'),
      await sign({ sub: userId, tv: 0 }, TEST_JWT_SECRET, 'HS256', now - 60),
      await sign({ sub: userId, tv: 99 }),
      await sign({ sub: userId, tv: '0' }),
      await sign({ sub: crypto.randomUUID(), tv: 0 }),
      await sign({ sub: "' OR 1=1 --", tv: 0 }),
      await sign({ sub: 'not-a-uuid\u0000', tv: 0 }),
      await sign({ sub: 'x'.repeat(5000), tv: 0 }),
      await sign({ sub: 42, tv: 0 }),
      await sign({ tv: 0 }),
      await sign({ sub: userId, tv: 1e308 }),
      await sign({ sub: userId, tv: Number.MAX_SAFE_INTEGER + 2 }),
    ],
  };
}
