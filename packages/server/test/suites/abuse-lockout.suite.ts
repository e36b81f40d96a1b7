import { describe, expect, it } from 'vitest';
import type { TestContext } from '../support/context';
import { captureLogs } from '../support/logs';
import { registerUser } from '../support/users';
import { expectTooMany, GENEROUS, login, register } from './abuse-limits.suite';

/** Limits that must not let a stranger lock someone else out (issue 19, items 5 and 6). */
export function abuseLockoutSuite(ctx: TestContext): void {
  describe('abuse: nobody can lock out someone else', () => {
    it('malformed login bodies naming a victim, from ten addresses, count nothing: the victim still signs in', async () => {
      const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_LOGIN_EMAIL: '3/15m' });
      const victim = await registerUser(app);
      for (let i = 0; i < 10; i++) {
        const malformed = await app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: victim.email, password: '' },
          remoteAddress: `10.5.0.${i + 1}`,
        });
        expect(malformed.statusCode).toBe(400);
      }
      expect((await login(app, victim.email, victim.password, '10.5.0.99')).statusCode).toBe(200);
    });

    it("wrong passwords from ten addresses do not stop the owner's correct password from a new address", async () => {
      const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_LOGIN_EMAIL: '3/15m' });
      const victim = await registerUser(app);
      for (let i = 0; i < 10; i++) {
        expect((await login(app, victim.email, `guess-${i}`, `10.5.1.${i + 1}`)).statusCode).toBe(401);
      }
      const startedAt = Date.now();
      expect((await login(app, victim.email, victim.password, '10.5.1.99')).statusCode).toBe(200);
      // Past the e-mail's allowance of wrong passwords every attempt on it waits a moment instead.
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
      // The guesser's own address and e-mail pair is still refused (RATE_LIMIT_LOGIN_FAILURES).
      const strict = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_LOGIN_FAILURES: '2/15m' });
      const other = await registerUser(strict);
      await login(strict, other.email, 'wrong-1', '10.5.2.1');
      await login(strict, other.email, 'wrong-2', '10.5.2.1');
      expectTooMany(await login(strict, other.email, other.password, '10.5.2.1'), 'loginUser', 15 * 60);
      expect((await login(strict, other.email, other.password, '10.5.2.2')).statusCode).toBe(200);
    });

    it('wrong registration passphrases have an instance-wide cap: then 429 for everyone until it cools, logged', async () => {
      const logs = captureLogs();
      const app = await ctx.buildApp(
        { ...GENEROUS, RATE_LIMIT_PASSPHRASE_INSTANCE: '3/1h', LOG_LEVEL: 'warn' },
        { logStream: logs.stream },
      );
      for (let i = 0; i < 3; i++) {
        const guess = await register(app, `10.6.0.${i + 1}`, { passphrase: `guess ${i}` });
        expect(guess.statusCode).toBe(403);
      }
      // A new address, the right passphrase: refused too while the instance cools down.
      expectTooMany(await register(app, '10.6.0.50'), 'registerUser', 3600);
      expect(logs.lines.some((line) => line.level === 40 && /passphrase/i.test(String(line.msg)))).toBe(true);
    });

    it('RATE_LIMIT_PASSPHRASE_INSTANCE defaults to 50 an hour', async () => {
      const app = await ctx.buildApp({ RATE_LIMIT_PASSPHRASE_INSTANCE: '' });
      expect(app.ctx.config.rateLimits.passphraseInstance).toEqual({ max: 50, windowMs: 3_600_000 });
    });
  });
}
