import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { bearer, registerUser } from '../support/users';

export function accountPasswordSuite(ctx: TestContext): void {
  const change = (token: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: '/api/account-settings/password', headers: bearer(token), payload });
  const profile = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
  const login = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  const hashOf = async (id: string) =>
    (await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id]))
      .rows[0]?.password_hash;

  describe('account: PUT /api/account-settings/password', () => {
    it('a wrong current password is a 400 "Current password is incorrect" (not a 401) and changes nothing', async () => {
      const me = await registerUser(ctx.app);
      const before = await hashOf(me.user.id);
      const response = await change(me.token, {
        currentPassword: 'not-my-password',
        newPassword: 'brand-new',
      });
      expect(response.statusCode).toBe(400);
      expect(expectContract(response, 'changePassword')).toEqual({
        code: 'WRONG_CURRENT_PASSWORD',
        message: 'Current password is incorrect',
        errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
      });
      expect(await hashOf(me.user.id)).toBe(before);
      expect((await profile(me.token)).statusCode).toBe(200);
      expect((await login(me.email, me.password)).statusCode).toBe(200);
    });

    it('refuses an empty current password and a new one shorter than 8 characters (the rule of registration)', async () => {
      const me = await registerUser(ctx.app);
      const before = await hashOf(me.user.id);
      // The empty one is refused by the contract (minLength 1) in the service's words at the field.
      const cases: [Record<string, unknown>, string, string, string][] = [
        [
          { currentPassword: '', newPassword: 'brand-new' },
          'currentPassword',
          'Current password is required',
          'Please check the highlighted fields.',
        ],
        [
          { currentPassword: me.password, newPassword: '1234567' },
          'newPassword',
          'New password must be at least 8 characters',
          'New password must be at least 8 characters',
        ],
      ];
      for (const [payload, field, message, summary] of cases) {
        const response = await change(me.token, payload);
        expect(response.statusCode).toBe(400);
        expect(expectContract(response, 'changePassword')).toEqual({
          code: 'VALIDATION_FAILED',
          message: summary,
          errors: [{ field, message }],
        });
      }
      expect(await hashOf(me.user.id)).toBe(before);
    });

    it('changes the password: older tokens end (401 "Please sign in again."), the answered token works', async () => {
      const me = await registerUser(ctx.app);
      const response = await change(me.token, { currentPassword: me.password, newPassword: 'eight-ch' });
      expect(response.statusCode, response.body).toBe(200);
      const body = expectContract(response, 'changePassword');
      expect(body).toEqual({ message: 'Password updated successfully', token: expect.any(String) });

      const old = await profile(me.token);
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in again.' });
      const fresh = await profile(body.token);
      expect(fresh.statusCode).toBe(200);
      expect(expectContract(fresh, 'getProfile').data.id).toBe(me.user.id);

      expect((await login(me.email, me.password)).statusCode).toBe(401);
      expect((await login(me.email, 'eight-ch')).statusCode).toBe(200);
      expect(await hashOf(me.user.id)).toMatch(/^\$argon2id\$/);
    });

    it('after repeated wrong current passwords answers 429, even for the right one', async () => {
      const me = await registerUser(ctx.app);
      for (let i = 0; i < 10; i++) {
        const wrong = await change(me.token, { currentPassword: `wrong-${i}`, newPassword: 'brand-new' });
        expect(wrong.statusCode).toBe(400);
      }
      const blocked = await change(me.token, { currentPassword: me.password, newPassword: 'brand-new' });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expectContract(blocked, 'changePassword');
      expect((await login(me.email, me.password)).statusCode).toBe(200);

      const other = await registerUser(ctx.app);
      const unaffected = await change(other.token, {
        currentPassword: other.password,
        newPassword: 'brand-new',
      });
      expect(unaffected.statusCode).toBe(200);
    });

    it('requires a signed-in caller', async () => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/account-settings/password',
        payload: { currentPassword: 'a', newPassword: 'bbbbbb' },
      });
      expect(response.statusCode).toBe(401);
      expectContract(response, 'changePassword');
    });
  });
}
