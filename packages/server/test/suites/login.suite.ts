import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { registerUser, uniqueEmail } from '../support/users';

const INVALID = { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' };

export function loginSuite(ctx: TestContext): void {
  const login = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/users/login', payload });

  describe('POST /api/users/login', () => {
    it('answers 200 with { data: user and token }, the e-mail matched whatever its case', async () => {
      const { user, email, password } = await registerUser(ctx.app);
      const response = await login({ email: `  ${email.toUpperCase()} `, password, recaptchaToken: null });
      expect(response.statusCode).toBe(200);
      const body = expectContract(response, 'loginUser');
      expect(body.data).toMatchObject({ id: user.id, email, registered: true, display_name: 'Jana' });
      expect(body.data.token).toEqual(expect.any(String));
      expect(body.data).not.toHaveProperty('password_hash');
    });

    it('a wrong password is 401 "Invalid email or password"', async () => {
      const { email } = await registerUser(ctx.app);
      const response = await login({ email, password: 'wrong-password' });
      expect(response.statusCode).toBe(401);
      expect(expectContract(response, 'loginUser')).toEqual(INVALID);
    });

    it('an unknown e-mail gets the very same answer', async () => {
      const response = await login({ email: uniqueEmail('nobody'), password: 'whatever-password' });
      expect(response.statusCode).toBe(401);
      expect(expectContract(response, 'loginUser')).toEqual(INVALID);
    });

    it('an invited person who has not registered cannot sign in', async () => {
      const email = uniqueEmail('invited');
      await ctx.db.query('INSERT INTO users (email, registered) VALUES ($1, false)', [email]);
      const response = await login({ email, password: 'anything-at-all' });
      expect(response.statusCode).toBe(401);
      expect(expectContract(response, 'loginUser')).toEqual(INVALID);
    });

    it('missing fields are a 400 naming them', async () => {
      const response = await login({ email: '' });
      expect(response.statusCode).toBe(400);
      expect(expectContract(response, 'loginUser').errors).toEqual([
        { field: 'password', message: 'password is required' },
        { field: 'email', message: 'email is required' },
      ]);
    });

    it('after too many wrong passwords further attempts wait: 429 with Retry-After', async () => {
      const app = await ctx.buildApp({}, { limits: { login: { max: 2, windowMs: 60_000 } } });
      const { email, password } = await registerUser(app);
      const attempt = (pw: string) =>
        app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: pw } });
      expect((await attempt('wrong-one')).statusCode).toBe(401);
      expect((await attempt('wrong-two')).statusCode).toBe(401);
      const blocked = await attempt(password);
      expect(blocked.statusCode).toBe(429);
      expect(expectContract(blocked, 'loginUser').message).toBe(
        'Too many attempts. Please try again in 1 minute.',
      );
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('after too many wrong passphrases registration waits too', async () => {
      const app = await ctx.buildApp({}, { limits: { passphrase: { max: 1, windowMs: 60_000 } } });
      const attempt = (passphrase: string) =>
        app.inject({
          method: 'POST',
          url: '/api/users/register',
          payload: {
            email: uniqueEmail(),
            first_name: 'Jan',
            last_name: 'Novak',
            password: 'password-1',
            passphrase,
          },
        });
      expect((await attempt('guess')).statusCode).toBe(403);
      const blocked = await attempt('another guess');
      expect(blocked.statusCode).toBe(429);
      expectContract(blocked, 'registerUser');
    });
  });
}
