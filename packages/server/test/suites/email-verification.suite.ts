import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashEmailToken } from '../../src/auth/email-tokens';
import { VERIFY_FIRST } from '../../src/auth/unverified';
import { INVALID_LINK } from '../../src/users/verification';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createGroup } from '../support/groups';
import { captureLogs } from '../support/logs';
import { type SmtpSink, startSmtpSink } from '../support/smtp';
import { bearer, registerUser, uniqueEmail } from '../support/users';
import { expectTooMany } from './abuse-limits.suite';

const PUBLIC_URL = 'https://kitty.example.test';

/** Issue 19 item 4: an address is proven by a link before the account claims what was sent to it. */
export function emailVerificationSuite(ctx: TestContext): void {
  let sink: SmtpSink;
  let app: FastifyInstance;

  const post = (url: string, payload: unknown, token?: string) =>
    app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      ...(token ? { headers: bearer(token) } : {}),
    });
  const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
  /** The token of the newest link of that kind sent to `email`. */
  const linkIn = async (email: string, path: '/verify-email' | '/reset-password', after = 0) => {
    const mail = await sink.waitFor(
      (m) =>
        m.to.includes(email) &&
        m.decoded.includes(`${PUBLIC_URL}${path}?token=`) &&
        sink.received.indexOf(m) >= after,
    );
    const token = new RegExp(`${PUBLIC_URL}${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.decoded)?.[1];
    expect(token).toBeTruthy();
    return token as string;
  };
  const profile = async (token: string) =>
    expectContract(await get('/api/users/profile', token), 'getProfile').data;

  describe('e-mail verification and password reset', () => {
    beforeAll(async () => {
      sink = await startSmtpSink();
      app = await ctx.buildApp({ SMTP_URL: sink.url, PUBLIC_URL });
    });
    afterAll(async () => {
      await sink?.close();
    });

    it('registration sends a verification link; it proves the address once, then is spent', async () => {
      const me = await registerUser(app, {}, { verify: false });
      expect(me.user.email_verified).toBe(false);
      const token = await linkIn(me.email, '/verify-email');
      const mail = sink.received.find((m) => m.to.includes(me.email));
      expect(mail?.subject).toBe('Confirm your e-mail address for Kitty');
      // Only the hash is stored.
      const { rows } = await ctx.db.query<{ token_hash: string }>(
        `SELECT token_hash FROM email_tokens WHERE user_id = $1 AND purpose = 'verify'`,
        [me.user.id],
      );
      expect(rows.map((r) => r.token_hash)).toEqual([hashEmailToken(token)]);
      expect(rows[0]?.token_hash).not.toContain(token);

      expect((await profile(me.token)).email_verified).toBe(false);
      expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(204);
      expect((await profile(me.token)).email_verified).toBe(true);
      const again = await post('/api/auth/verify-email', { token });
      expect(again.statusCode).toBe(400);
      expect(expectContract(again, 'verifyEmail')).toEqual({
        code: 'INVALID_LINK',
        message: INVALID_LINK,
        errors: [{ field: 'token', message: INVALID_LINK }],
      });
    });

    it('an expired or unknown verification link proves nothing', async () => {
      const me = await registerUser(app, {}, { verify: false });
      const token = await linkIn(me.email, '/verify-email');
      await ctx.db.query(
        `UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
        [hashEmailToken(token)],
      );
      expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(400);
      expect((await post('/api/auth/verify-email', { token: 'made-up-token' })).statusCode).toBe(400);
      expect((await profile(me.token)).email_verified).toBe(false);
    });

    it('a verification link lasts 48 hours', async () => {
      const me = await registerUser(app, {}, { verify: false });
      await linkIn(me.email, '/verify-email');
      const { rows } = await ctx.db.query<{ hours: number }>(
        `SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM email_tokens WHERE user_id = $1`,
        [me.user.id],
      );
      expect(rows).toEqual([{ hours: 48 }]);
    });

    it('whoever registers an invited address first sees none of its groups until the address is verified', async () => {
      const owner = await registerUser(app);
      const invited = uniqueEmail('invited');
      const group = await createGroup(app, owner, { name: 'Secret trip', members: [{ email: invited }] });
      const claimant = await registerUser(app, { email: invited }, { verify: false });
      expect(claimant.user.id).not.toBe(owner.user.id);

      for (const url of [
        '/api/groups',
        `/api/groups/${group.id}`,
        '/api/expenses/user',
        '/api/balance/summary',
      ]) {
        const response = await get(url, claimant.token);
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: VERIFY_FIRST });
      }
      const open = async () =>
        (
          await ctx.db.query('SELECT 1 FROM invitations WHERE user_id = $1 AND accepted_at IS NULL', [
            claimant.user.id,
          ])
        ).rows.length;
      expect(await open()).toBe(1);
      // Their own account stays theirs to see.
      expect((await get('/api/users/profile', claimant.token)).statusCode).toBe(200);

      const token = await linkIn(invited, '/verify-email');
      expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(204);
      const groups = await get('/api/groups', claimant.token);
      expect(groups.statusCode).toBe(200);
      expect(JSON.stringify(groups.json())).toContain('Secret trip');
      expect((await get(`/api/groups/${group.id}`, claimant.token)).statusCode).toBe(200);
      expect(await open()).toBe(0);
    });

    it('an unverified account works for what it makes itself', async () => {
      const me = await registerUser(app, {}, { verify: false });
      const group = await createGroup(app, me, { name: 'My own' });
      expect((await get('/api/groups', me.token)).statusCode).toBe(200);
      expect((await get(`/api/groups/${group.id}`, me.token)).statusCode).toBe(200);
    });

    it('someone adding an unverified account to their group does not show it that group before verification', async () => {
      const me = await registerUser(app, {}, { verify: false });
      const other = await registerUser(app);
      const group = await createGroup(app, other, { name: 'Added later', members: [{ email: me.email }] });
      expect((await get(`/api/groups/${group.id}`, me.token)).statusCode).toBe(403);
    });

    it('ADMIN_EMAILS rights need a verified address', async () => {
      const adminEmail = uniqueEmail('boss');
      const adminApp = await ctx.buildApp({ ADMIN_EMAILS: adminEmail, SMTP_URL: sink.url, PUBLIC_URL });
      const admin = await registerUser(adminApp, { email: adminEmail }, { verify: false });
      const current = expectContract(await get('/api/config', admin.token), 'getConfig');
      const put = () =>
        adminApp.inject({
          method: 'PUT',
          url: '/api/config',
          headers: bearer(admin.token),
          payload: { expenseCategories: current.expenseCategories },
        });
      expect((await put()).statusCode).toBe(403);
      const token = await linkIn(adminEmail, '/verify-email');
      expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(204);
      expect((await put()).statusCode).toBe(200);
    });

    it('"Resend" sends a new link to an unverified account', async () => {
      const me = await registerUser(app, {}, { verify: false });
      await linkIn(me.email, '/verify-email');
      const before = sink.received.length;
      expect((await post('/api/auth/resend-verification', {}, me.token)).statusCode).toBe(204);
      const token = await linkIn(me.email, '/verify-email', before);
      expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(204);
    });

    it('once an address is proven, every other verification link sent to it is spent too', async () => {
      const me = await registerUser(app, {}, { verify: false });
      const first = await linkIn(me.email, '/verify-email');
      const before = sink.received.length;
      expect((await post('/api/auth/resend-verification', {}, me.token)).statusCode).toBe(204);
      const second = await linkIn(me.email, '/verify-email', before);
      expect((await post('/api/auth/verify-email', { token: second })).statusCode).toBe(204);
      const older = await post('/api/auth/verify-email', { token: first });
      expect(older.statusCode).toBe(400);
      expect(expectContract(older, 'verifyEmail').message).toBe(INVALID_LINK);
    });

    it('forgot password: the same answer for any address; the link sets a new password once and ends every session', async () => {
      const me = await registerUser(app);
      const unknown = await post('/api/auth/forgot-password', { email: uniqueEmail('nobody') });
      const known = await post('/api/auth/forgot-password', { email: ` ${me.email.toUpperCase()} `.trim() });
      expect(unknown.statusCode).toBe(202);
      expect(known.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      const token = await linkIn(me.email, '/reset-password');
      const { rows } = await ctx.db.query<{ hours: number }>(
        `SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS hours FROM email_tokens WHERE token_hash = $1`,
        [hashEmailToken(token)],
      );
      expect(rows).toEqual([{ hours: 60 }]);

      const short = await post('/api/auth/reset-password', { token, password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(
        (await post('/api/auth/reset-password', { token, password: 'brand-new-password' })).statusCode,
      ).toBe(204);
      expect((await get('/api/users/profile', me.token)).statusCode).toBe(401);
      const login = (password: string) =>
        app.inject({ method: 'POST', url: '/api/users/login', payload: { email: me.email, password } });
      expect((await login(me.password)).statusCode).toBe(401);
      expect((await login('brand-new-password')).statusCode).toBe(200);
      const again = await post('/api/auth/reset-password', { token, password: 'yet-another-password' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ message: INVALID_LINK });
    });

    it('an expired reset link or a verification link does not reset a password', async () => {
      const me = await registerUser(app, {}, { verify: false });
      const verifyToken = await linkIn(me.email, '/verify-email');
      expect(
        (await post('/api/auth/reset-password', { token: verifyToken, password: 'brand-new-password' }))
          .statusCode,
      ).toBe(400);
      const before = sink.received.length;
      await post('/api/auth/forgot-password', { email: me.email });
      const token = await linkIn(me.email, '/reset-password', before);
      await ctx.db.query(
        `UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
        [hashEmailToken(token)],
      );
      expect(
        (await post('/api/auth/reset-password', { token, password: 'brand-new-password' })).statusCode,
      ).toBe(400);
      expect(
        (await post('/api/auth/reset-password', { token: verifyToken, password: 'x'.repeat(8) })).statusCode,
      ).toBe(400);
    });

    it('forgot password is limited per e-mail whether or not it has an account (RATE_LIMIT_MAIL_LINKS)', async () => {
      const limited = await ctx.buildApp({ SMTP_URL: sink.url, PUBLIC_URL, RATE_LIMIT_MAIL_LINKS: '2/1h' });
      const me = await registerUser(limited);
      const nobody = uniqueEmail('nobody');
      for (const email of [me.email, nobody]) {
        for (let i = 0; i < 2; i++) {
          const answer = await limited.inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email },
            remoteAddress: `10.7.${i}.${email === nobody ? 2 : 1}`,
          });
          expect(answer.statusCode).toBe(202);
        }
        const refused = await limited.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email },
          remoteAddress: '10.7.9.9',
        });
        expectTooMany(refused, 'forgotPassword', 3600);
      }
    });

    it('without SMTP_URL the verification link is logged, so whoever runs the server can pass it on', async () => {
      const logs = captureLogs();
      const quiet = await ctx.buildApp({ LOG_LEVEL: 'info', PUBLIC_URL }, { logStream: logs.stream });
      const me = await registerUser(quiet, {}, { verify: false });
      const token = new RegExp(`${PUBLIC_URL}/verify-email\\?token=([A-Za-z0-9_-]+)`).exec(logs.text())?.[1];
      expect(token).toBeTruthy();
      expect(
        (await quiet.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } }))
          .statusCode,
      ).toBe(204);
      expect(me.user.email_verified).toBe(false);
    });
  });
}
