import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createGroup } from '../support/groups';
import { bearer, registerUser, uniqueEmail } from '../support/users';

export function usersCheckEmailSuite(ctx: TestContext): void {
  const check = async (token: string, email: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/users/check-email?${new URLSearchParams({ email })}`,
      headers: bearer(token),
    });

  describe('users: GET /api/users/check-email', () => {
    it('finds a registered person by address, whatever the case and surrounding spaces', async () => {
      const me = await registerUser(ctx.app);
      const other = await registerUser(ctx.app, { first_name: 'Otto', last_name: 'Lipa' });
      const response = await check(me.token, `  ${other.email.toUpperCase()} `);
      expect(response.statusCode).toBe(200);
      expect(expectContract(response, 'checkEmail')).toEqual({
        success: true,
        exists: true,
        user: {
          id: other.user.id,
          email: other.email,
          first_name: 'Otto',
          last_name: 'Lipa',
          display_name: 'Otto',
          name: 'Otto',
          registered: true,
        },
      });
    });

    it('finds an invited, not-registered person (registered false)', async () => {
      const me = await registerUser(ctx.app);
      const email = uniqueEmail('invited');
      await createGroup(ctx.app, me, { members: [{ email }] });
      const response = await check(me.token, email);
      expect(expectContract(response, 'checkEmail')).toMatchObject({
        success: true,
        exists: true,
        user: { email, registered: false },
      });
    });

    it('answers exists false and user null for an unknown address', async () => {
      const me = await registerUser(ctx.app);
      const response = await check(me.token, uniqueEmail('nobody'));
      expect(response.statusCode).toBe(200);
      expect(expectContract(response, 'checkEmail')).toEqual({ success: true, exists: false, user: null });
    });

    it('refuses what is not an e-mail address with "Please enter a valid email address"', async () => {
      const me = await registerUser(ctx.app);
      for (const email of ['', 'not-an-email', 'a@b', 'two words@example.com', 'a@@example.com']) {
        const response = await check(me.token, email);
        expect(response.statusCode, email).toBe(400);
        expect(expectContract(response, 'checkEmail').errors).toEqual([
          { field: 'email', message: 'Please enter a valid email address' },
        ]);
      }
    });

    it('requires a signed-in caller', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/users/check-email?email=a@b.cz' });
      expect(response.statusCode).toBe(401);
      expectContract(response, 'checkEmail');
    });
  });
}
