import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  /** The user id. */
  sub: string;
  /** users.token_version when the token was made: a bump (password change) ends the token. */
  tv: number;
  /** When it expires, in seconds since the epoch. */
  exp: number;
}

export interface Tokens {
  sign(user: { id: string; token_version: number }): Promise<string>;
  /** The claims of a valid token; null when it is missing, expired, tampered with or foreign. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokens(secret: string, ttlSeconds: number, now: () => number = Date.now): Tokens {
  // Imported once: given the raw bytes, jose would import the key again for every token (about half the cost
  // of a verification, which every authenticated request pays).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign(user) {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ tv: user.token_version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(await key);
    },
    async verify(token) {
      try {
        // The algorithm is pinned: "none" and any other algorithm are refused. A token without an expiry
        // would last forever: refused too.
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat'],
          currentDate: new Date(now()),
        });
        if (typeof payload.sub !== 'string' || !Number.isInteger(payload.tv)) return null;
        return { sub: payload.sub, tv: payload.tv as number, exp: payload.exp as number };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
