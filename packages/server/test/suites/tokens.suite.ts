import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../src/http/route';
import { contract, expectContract } from '../contract';
import { TEST_JWT_SECRET, type TestContext } from '../support/context';
import { bearer, registerUser } from '../support/users';
import { countFigure, writeAbuseFigures } from './abuse-figures';

const SIGN_IN_AGAIN = { code: 'UNAUTHENTICATED', message: 'Please sign in again.' };
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

function sign(payload: Record<string, unknown>, options: { secret?: string; alg?: string } = {}) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET));
}

/** The token with one character of its signature changed (in the middle: every bit there counts). */
function withAlteredSignature(token: string): string {
  const [header, payload, signature = ''] = token.split('.');
  const at = Math.floor(signature.length / 2);
  const swapped = signature[at] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${signature.slice(0, at)}${swapped}${signature.slice(at + 1)}`;
}

export function tokensSuite(ctx: TestContext): void {
  const profile = (headers: Record<string, string> = {}, url = '/api/users/profile') =>
    ctx.app.inject({ method: 'GET', url, headers });
  const expectRefused = async (headers: Record<string, string>, url?: string) => {
    const response = await profile(headers, url);
    expect(response.statusCode, JSON.stringify(headers)).toBe(401);
    expect(expectContract(response, 'getProfile')).toEqual(SIGN_IN_AGAIN);
    countFigure('forged or stale tokens refused');
  };

  describe('tokens: forged, stale and misplaced tokens are 401', () => {
    afterAll(() => writeAbuseFigures(ctx.engine));

    it('every signed-in operation answers 401 "Please sign in again." to forged tokens, whatever else is sent', async () => {
      const me = await registerUser(ctx.app);
      const claims = { sub: me.user.id, tv: 0 };
      const forged = {
        'foreign secret': await sign(
          { ...claims, iat: now(), exp: now() + 3600 },
          { secret: 'another-secret-that-is-long-enough!!' },
        ),
        'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: now() + 3600 })}.`,
        expired: await sign({ ...claims, iat: now() - 7200, exp: now() - 1 }),
        'altered signature': withAlteredSignature(me.token),
      };
      const secured = [...contract.operations.values()].filter((op) => op.secured);
      expect(secured.length).toBeGreaterThan(30);
      for (const op of secured) {
        const url = op.url.replace(/:[A-Za-z]+/g, crypto.randomUUID());
        for (const [kind, token] of Object.entries(forged)) {
          const response = await ctx.app.inject({
            method: op.method,
            url,
            headers: bearer(token),
            ...(op.body ? { payload: {} } : {}),
          });
          expect(response.statusCode, `${op.id} with a token: ${kind}`).toBe(401);
          expect(expectContract(response, op.id as OperationId)).toEqual(SIGN_IN_AGAIN);
          countFigure('forged tokens refused across operations');
        }
      }
      countFigure('signed-in operations checked with forged tokens', secured.length);
    });

    it('a token whose signature was altered is refused', async () => {
      const me = await registerUser(ctx.app);
      expect((await profile(bearer(me.token))).statusCode).toBe(200);
      await expectRefused(bearer(withAlteredSignature(me.token)));
      const [header, payload] = me.token.split('.');
      await expectRefused(bearer(`${header}.${payload}.`));
      await expectRefused(bearer(`${header}.${payload}`));
    });

    it('"none" in any spelling is refused, with or without the original signature', async () => {
      const me = await registerUser(ctx.app);
      const payload = b64({ sub: me.user.id, tv: 0, iat: now(), exp: now() + 3600 });
      const signature = me.token.split('.')[2];
      // Plain "none" without a signature is in the profile suite.
      for (const alg of ['None', 'NONE', 'nOnE']) {
        await expectRefused(bearer(`${b64({ alg, typ: 'JWT' })}.${payload}.`));
      }
      for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
        await expectRefused(bearer(`${b64({ alg, typ: 'JWT' })}.${payload}.${signature}`));
      }
      await expectRefused(bearer(`${b64({ typ: 'JWT' })}.${payload}.${signature}`));
    });

    it('a token without an expiry is refused, even signed with our secret', async () => {
      const me = await registerUser(ctx.app);
      await expectRefused(bearer(await sign({ sub: me.user.id, tv: 0, iat: now() })));
    });

    it('claims of the wrong type are refused', async () => {
      const me = await registerUser(ctx.app);
      const exp = now() + 3600;
      await expectRefused(bearer(await sign({ sub: me.user.id, tv: '0', exp })));
      await expectRefused(bearer(await sign({ sub: me.user.id, tv: 0.5, exp })));
      await expectRefused(bearer(await sign({ sub: [me.user.id], tv: 0, exp })));
      await expectRefused(bearer(await sign({ tv: 0, exp })));
    });

    it('a token counts only in the Authorization header as a Bearer token', async () => {
      const me = await registerUser(ctx.app);
      await expectRefused({}, `/api/users/profile?token=${me.token}`);
      await expectRefused({}, `/api/users/profile?access_token=${me.token}`);
      await expectRefused({ cookie: `token=${me.token}` });
      await expectRefused({ authorization: me.token });
      await expectRefused({ authorization: `Token ${me.token}` });
      await expectRefused({ authorization: `Bearer ${me.token} ${me.token}` });
      expect((await profile({ authorization: `bearer ${me.token}` })).statusCode).toBe(200);
    });

    it('a password change ends every older token, on every device, for good', async () => {
      const me = await registerUser(ctx.app);
      const signIn = async (password: string) => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: me.email, password },
        });
        return response.statusCode === 200 ? (response.json().data.token as string) : null;
      };
      const change = async (token: string, currentPassword: string, newPassword: string) => {
        const response = await ctx.app.inject({
          method: 'PUT',
          url: '/api/account-settings/password',
          headers: bearer(token),
          payload: { currentPassword, newPassword },
        });
        expect(response.statusCode, response.body).toBe(200);
        return expectContract(response, 'changePassword').token as string;
      };
      const phone = (await signIn(me.password)) as string;
      const laptop = (await signIn(me.password)) as string;
      const older = [me.token, phone, laptop];
      const fresh = await change(laptop, me.password, 'brand-new-password');
      for (const token of older) {
        await expectRefused(bearer(token));
        const write = await ctx.app.inject({
          method: 'POST',
          url: '/api/groups',
          headers: bearer(token),
          payload: { name: 'Should not exist' },
        });
        expect(write.statusCode).toBe(401);
      }
      expect((await profile(bearer(fresh))).statusCode).toBe(200);
      expect(await signIn(me.password)).toBeNull();
      const again = (await signIn('brand-new-password')) as string;
      expect((await profile(bearer(again))).statusCode).toBe(200);
      // Changing back to the first password does not bring the first tokens back.
      const last = await change(again, 'brand-new-password', me.password);
      for (const token of [...older, fresh, again]) await expectRefused(bearer(token));
      expect((await profile(bearer(last))).statusCode).toBe(200);
      const groups = await ctx.db.query('SELECT 1 FROM groups WHERE created_by = $1', [me.user.id]);
      expect(groups.rows).toEqual([]);
    });
  });
}
