import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import { TEST_JWT_SECRET, type TestContext } from '../support/context';
import { bearer, registerUser } from '../support/users';

const SIGN_IN_AGAIN = { code: 'UNAUTHENTICATED', message: 'Please sign in again.' };
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function sign(
  claims: { sub: string; tv: number },
  options: { secret?: string; alg?: string; expiresAt?: number } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ tv: claims.tv })
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt(now - 3600)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET));
}

export function profileSuite(ctx: TestContext): void {
  const profile = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers });

  const expectSignInAgain = async (headers: Record<string, string>) => {
    const response = await profile(headers);
    expect(response.statusCode).toBe(401);
    expect(expectContract(response, 'getProfile')).toEqual(SIGN_IN_AGAIN);
  };

  describe('GET /api/users/profile and sign-in tokens', () => {
    it('answers { data: user } for the token of a registered user', async () => {
      const { user, token, email } = await registerUser(ctx.app, { first_name: 'Eva', last_name: 'Mala' });
      const response = await profile(bearer(token));
      expect(response.statusCode).toBe(200);
      expect(expectContract(response, 'getProfile')).toEqual({
        data: {
          id: user.id,
          email,
          first_name: 'Eva',
          last_name: 'Mala',
          display_name: 'Eva',
          name: 'Eva',
          registered: true,
          email_verified: true,
        },
      });
    });

    it('without a token, or with a malformed header, is 401 "Please sign in again."', async () => {
      await expectSignInAgain({});
      await expectSignInAgain({ authorization: 'Bearer' });
      await expectSignInAgain({ authorization: 'Basic dXNlcjpwYXNz' });
      await expectSignInAgain({ authorization: 'Bearer not-a-jwt' });
    });

    it('a token whose payload was changed is refused', async () => {
      const victim = await registerUser(ctx.app);
      const attacker = await registerUser(ctx.app);
      const [header, payload, signature] = attacker.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      await expectSignInAgain(
        bearer(`${header}.${base64url({ ...claims, sub: victim.user.id })}.${signature}`),
      );
    });

    it('an unsigned token (alg none) is refused', async () => {
      const { user } = await registerUser(ctx.app);
      const exp = Math.floor(Date.now() / 1000) + 3600;
      await expectSignInAgain(
        bearer(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: user.id, tv: 0, exp })}.`),
      );
    });

    it('a token signed with another algorithm, even with our secret, is refused', async () => {
      const { user } = await registerUser(ctx.app);
      await expectSignInAgain(bearer(await sign({ sub: user.id, tv: 0 }, { alg: 'HS512' })));
    });

    it('an expired token is refused', async () => {
      const { user } = await registerUser(ctx.app);
      await expectSignInAgain(
        bearer(await sign({ sub: user.id, tv: 0 }, { expiresAt: Math.floor(Date.now() / 1000) - 5 })),
      );
    });

    it('a token signed with a foreign secret is refused', async () => {
      const { user } = await registerUser(ctx.app);
      await expectSignInAgain(
        bearer(await sign({ sub: user.id, tv: 0 }, { secret: 'another-secret-that-is-long-enough-too!' })),
      );
    });

    it('a token made with our secret for a person who does not exist is refused', async () => {
      await expectSignInAgain(bearer(await sign({ sub: crypto.randomUUID(), tv: 0 })));
      await expectSignInAgain(bearer(await sign({ sub: 'not-a-uuid', tv: 0 })));
    });

    it('older tokens end when the token version is bumped (a password change)', async () => {
      const { user, token } = await registerUser(ctx.app);
      expect((await profile(bearer(token))).statusCode).toBe(200);
      await ctx.db.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [user.id]);
      await expectSignInAgain(bearer(token));
    });

    it('a signed-out caller learns nothing else: 401 comes before body validation', async () => {
      const app = await ctx.buildApp();
      app.post(
        '/api/test-only/echo',
        { onRequest: app.authenticate, schema: { body: { type: 'object', required: ['x'] } } },
        async () => ({}),
      );
      const response = await app.inject({ method: 'POST', url: '/api/test-only/echo', payload: {} });
      expect(response.statusCode).toBe(401);
    });
  });
}
