import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../src/http/route';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createGroup } from '../support/groups';
import { bearer, registerUser, registration, uniqueEmail } from '../support/users';
import { countFigure, writeAbuseFigures } from './abuse-figures';

/** Every limit on, generous, so a test turns on the one it checks by lowering it. */
export const GENEROUS = {
  RATE_LIMIT_LOGIN_ADDRESS: '1000/15m',
  RATE_LIMIT_LOGIN_EMAIL: '1000/15m',
  RATE_LIMIT_LOGIN_FAILURES: '1000/15m',
  RATE_LIMIT_REGISTER_ADDRESS: '1000/1h',
  RATE_LIMIT_REGISTER_EMAIL: '1000/1h',
  RATE_LIMIT_PASSPHRASE_FAILURES: '1000/15m',
  RATE_LIMIT_PASSPHRASE_INSTANCE: '1000/1h',
  RATE_LIMIT_MAIL_LINKS: '1000/1h',
  RATE_LIMIT_LOOKUPS: '1000/1m',
  RATE_LIMIT_WRITES: '1000/1m',
};

export const login = (app: FastifyInstance, email: string, password: string, from = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    remoteAddress: from,
  });

export const register = (app: FastifyInstance, from = '127.0.0.1', overrides: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: registration(overrides),
    remoteAddress: from,
  });

/** A refused request: 429, the message naming the wait in minutes, and Retry-After in seconds. */
export function expectTooMany(
  response: LightMyRequestResponse,
  operationId: OperationId,
  windowSeconds: number,
) {
  expect(response.statusCode, response.body).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const minutes = Math.ceil(retryAfter / 60);
  expect(expectContract(response, operationId)).toEqual({
    code: 'RATE_LIMITED',
    message: `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  });
  countFigure('429 answers checked');
}

export function abuseLimitsSuite(ctx: TestContext): void {
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await ctx.db.query<{ n: number }>(sql, params)).rows[0]?.n);

  describe('abuse: login and registration limits (in-memory counters)', () => {
    afterAll(() => writeAbuseFigures(ctx.engine));

    it('wrong passwords per e-mail from any address slow sign-ins for it down, never refuse them', async () => {
      const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_LOGIN_EMAIL: '2/15m' });
      const me = await registerUser(app);
      const other = await registerUser(app);
      expect((await login(app, me.email, 'wrong-password', '10.0.0.1')).statusCode).toBe(401);
      expect((await login(app, me.email.toUpperCase(), 'wrong-again', '10.0.0.2')).statusCode).toBe(401);
      const timed = async (email: string, password: string, from: string) => {
        const startedAt = Date.now();
        const response = await login(app, email, password, from);
        return { status: response.statusCode, ms: Date.now() - startedAt };
      };
      const slowed = await timed(` ${me.email} `, me.password, '10.0.0.3');
      expect(slowed.status).toBe(200);
      expect(slowed.ms).toBeGreaterThanOrEqual(900);
      expect((await timed(other.email, other.password, '10.0.0.3')).status).toBe(200);
      countFigure('limits hit');
    });

    it('at most N login attempts per client address, whatever the e-mail, invalid ones included', async () => {
      const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_LOGIN_ADDRESS: '3/15m' });
      const me = await registerUser(app);
      expect((await login(app, uniqueEmail(), 'whatever-1', '10.0.1.1')).statusCode).toBe(401);
      const invalid = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: '' },
        remoteAddress: '10.0.1.1',
      });
      expect(invalid.statusCode).toBe(400);
      expect((await login(app, me.email, me.password, '10.0.1.1')).statusCode).toBe(200);
      expectTooMany(await login(app, me.email, me.password, '10.0.1.1'), 'loginUser', 15 * 60);
      expect((await login(app, me.email, me.password, '10.0.1.2')).statusCode).toBe(200);
      countFigure('limits hit');
    });

    it('IPv6 clients count per /64 network (one line holds a whole /64), IPv4-mapped ones as IPv4', async () => {
      const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_LOGIN_ADDRESS: '2/15m' });
      const attempt = (from: string) => login(app, uniqueEmail(), 'not-the-password', from);
      expect((await attempt('2001:db8:1:2::a')).statusCode).toBe(401);
      expect((await attempt('2001:db8:1:2:ffff:ffff:ffff:1')).statusCode).toBe(401);
      expectTooMany(await attempt('2001:0db8:0001:0002::b'), 'loginUser', 15 * 60);
      expect((await attempt('2001:db8:1:3::a')).statusCode).toBe(401);
      expect((await attempt('10.0.8.1')).statusCode).toBe(401);
      expect((await attempt('::ffff:10.0.8.1')).statusCode).toBe(401);
      expectTooMany(await attempt('10.0.8.1'), 'loginUser', 15 * 60);
      countFigure('limits hit', 2);
    });

    it('wrong passwords have their own, stricter counter per address and e-mail; a correct one clears it', async () => {
      const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_LOGIN_FAILURES: '2/15m' });
      const me = await registerUser(app);
      expect((await login(app, me.email, 'wrong-1', '10.0.2.1')).statusCode).toBe(401);
      expect((await login(app, me.email, me.password, '10.0.2.1')).statusCode).toBe(200);
      expect((await login(app, me.email, 'wrong-2', '10.0.2.1')).statusCode).toBe(401);
      expect((await login(app, me.email, 'wrong-3', '10.0.2.1')).statusCode).toBe(401);
      expectTooMany(await login(app, me.email, me.password, '10.0.2.1'), 'loginUser', 15 * 60);
      // The owner, elsewhere, still signs in: failures count per address and e-mail.
      expect((await login(app, me.email, me.password, '10.0.2.2')).statusCode).toBe(200);
      countFigure('limits hit');
    });

    it('at most N registrations per client address, refused ones create nobody', async () => {
      const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_REGISTER_ADDRESS: '2/1h' });
      expect((await register(app, '10.0.3.1')).statusCode).toBe(201);
      expect((await register(app, '10.0.3.1', { passphrase: 'wrong guess' })).statusCode).toBe(403);
      const email = uniqueEmail('refused');
      expectTooMany(await register(app, '10.0.3.1', { email }), 'registerUser', 3600);
      expect(await count('SELECT count(*)::int AS n FROM users WHERE email = $1', [email])).toBe(0);
      expect((await register(app, '10.0.3.2')).statusCode).toBe(201);
      countFigure('limits hit');
    });

    it('at most N registration attempts per e-mail, whatever the address and the outcome; other e-mails go on', async () => {
      const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_REGISTER_EMAIL: '4/1h' });
      const accounts = (email: string) =>
        count('SELECT count(*)::int AS n FROM users WHERE lower(email) = $1', [email]);
      const email = uniqueEmail('contested');
      // Every valid attempt counts: a wrong passphrase, a success, an e-mail already taken. An invalid body
      // counts nothing (anyone could send those naming someone else's e-mail).
      expect((await register(app, '10.0.9.1', { email, passphrase: 'guess' })).statusCode).toBe(403);
      for (let i = 0; i < 5; i++) {
        expect((await register(app, `10.0.9.2${i}`, { email, password: 'short' })).statusCode).toBe(400);
      }
      expect((await register(app, '10.0.9.3', { email })).statusCode).toBe(201);
      expect((await register(app, '10.0.9.4', { email: email.toUpperCase() })).statusCode).toBe(409);
      expect((await register(app, '10.0.9.6', { email })).statusCode).toBe(409);
      expectTooMany(await register(app, '10.0.9.5', { email: email.toUpperCase() }), 'registerUser', 3600);
      expect(await accounts(email)).toBe(1);
      // An e-mail nobody has yet, refused once its allowance is spent: nobody is created.
      const unclaimed = uniqueEmail('unclaimed');
      for (let i = 0; i < 4; i++) {
        const guess = await register(app, `10.0.9.${10 + i}`, { email: unclaimed, passphrase: `guess ${i}` });
        expect(guess.statusCode).toBe(403);
      }
      expectTooMany(await register(app, '10.0.9.20', { email: unclaimed }), 'registerUser', 3600);
      expect(await accounts(unclaimed)).toBe(0);
      // Another e-mail, from an address that was just refused, registers.
      expect((await register(app, '10.0.9.20')).statusCode).toBe(201);
      countFigure('limits hit', 2);
    });

    it('behind a trusted proxy the per-e-mail registration limit holds whatever X-Forwarded-For says', async () => {
      const app = await ctx.buildApp({
        ...GENEROUS,
        RATE_LIMIT_REGISTER_EMAIL: '2/1h',
        TRUST_PROXY: '127.0.0.1',
      });
      const via = (forwardedFor: string, overrides: Record<string, unknown>) =>
        app.inject({
          method: 'POST',
          url: '/api/users/register',
          payload: registration(overrides),
          headers: { 'x-forwarded-for': forwardedFor },
          remoteAddress: '127.0.0.1',
        });
      const email = uniqueEmail('forwarded');
      expect((await via('203.0.113.10', { email })).statusCode).toBe(201);
      expect((await via('203.0.113.11', { email })).statusCode).toBe(409);
      expectTooMany(await via('203.0.113.12', { email }), 'registerUser', 3600);
      expect((await via('203.0.113.12', {})).statusCode).toBe(201);
      countFigure('forwarded addresses tried to dodge a limit', 3);
      countFigure('limits hit');
    });

    it('wrong passphrases have their own, stricter counter per address', async () => {
      const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_PASSPHRASE_FAILURES: '1/15m' });
      expect((await register(app, '10.0.4.1', { passphrase: 'guess' })).statusCode).toBe(403);
      expectTooMany(await register(app, '10.0.4.1'), 'registerUser', 15 * 60);
      expect((await register(app, '10.0.4.2')).statusCode).toBe(201);
      countFigure('limits hit');
    });

    it('a window closes by itself: after Retry-After the address may try again', async () => {
      const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_LOGIN_ADDRESS: '1/1s' });
      const me = await registerUser(app);
      expect((await login(app, me.email, me.password, '10.0.5.1')).statusCode).toBe(200);
      const refused = await login(app, me.email, me.password, '10.0.5.1');
      expectTooMany(refused, 'loginUser', 1);
      await new Promise((resolve) => setTimeout(resolve, Number(refused.headers['retry-after']) * 1000 + 50));
      expect((await login(app, me.email, me.password, '10.0.5.1')).statusCode).toBe(200);
      countFigure('limits hit');
    });

    it('the defaults: 10 registrations per address and 5 per e-mail per hour; sign-ins are never refused per e-mail', async () => {
      // An empty variable is an unset one: the documented defaults apply.
      const unset = Object.fromEntries(Object.keys(GENEROUS).map((name) => [name, '']));
      const app = await ctx.buildApp(unset);
      const minutes = (n: number) => n * 60_000;
      expect(app.ctx.config.rateLimits).toEqual({
        loginPerAddress: { max: 30, windowMs: minutes(15) },
        loginPerEmail: { max: 10, windowMs: minutes(15) },
        loginFailures: { max: 5, windowMs: minutes(15) },
        registerPerAddress: { max: 10, windowMs: minutes(60) },
        registerPerEmail: { max: 5, windowMs: minutes(60) },
        passphraseFailures: { max: 5, windowMs: minutes(15) },
        passphraseInstance: { max: 50, windowMs: minutes(60) },
        mailLinks: { max: 5, windowMs: minutes(60) },
        lookupsPerAccount: { max: 60, windowMs: minutes(1) },
        writesPerAccount: { max: 600, windowMs: minutes(1) },
      });
      for (let i = 0; i < 10; i++) expect((await register(app, '10.0.6.1')).statusCode).toBe(201);
      expectTooMany(await register(app, '10.0.6.1'), 'registerUser', 3600);
      const me = await registerUser(app);
      for (let i = 0; i < 10; i++) {
        expect((await login(app, me.email, me.password, `10.0.7.${i}`)).statusCode).toBe(200);
      }
      // No request limit per e-mail on sign-in: the owner is never refused for others' attempts.
      expect((await login(app, me.email, me.password, '10.0.7.99')).statusCode).toBe(200);
      const email = uniqueEmail('default');
      expect((await register(app, '10.0.7.100', { email })).statusCode).toBe(201);
      for (let i = 1; i < 5; i++) {
        expect((await register(app, `10.0.7.${100 + i}`, { email })).statusCode).toBe(409);
      }
      expectTooMany(await register(app, '10.0.7.199', { email }), 'registerUser', 3600);
      countFigure('limits hit', 2);
    });
  });

  describe('abuse: per-account limits on look-ups and writes', () => {
    afterAll(() => writeAbuseFigures(ctx.engine));

    it('check-email, user search beyond connected people, invite and add-member share one look-up allowance per account', async () => {
      const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_LOOKUPS: '3/1m' });
      const me = await registerUser(app);
      const other = await registerUser(app);
      const get = (who: typeof me, url: string) =>
        app.inject({ method: 'GET', url, headers: bearer(who.token) });
      const group = await createGroup(app, me);
      const checkUrl = `/api/users/check-email?email=${encodeURIComponent(other.email)}`;
      expect((await get(me, checkUrl)).statusCode).toBe(200);
      expect((await get(me, `/api/users/search?term=${encodeURIComponent(other.email)}`)).statusCode).toBe(
        200,
      );
      expect((await get(me, checkUrl)).statusCode).toBe(200);
      // Searching only the people one already shares something with reveals nothing: not counted.
      for (let i = 0; i < 3; i++) {
        expect((await get(me, '/api/users/search?term=a&connected=true')).statusCode).toBe(200);
      }
      const invited = uniqueEmail('invited');
      const refused = await app.inject({
        method: 'POST',
        url: '/api/users/invite',
        headers: bearer(me.token),
        payload: { email: invited },
      });
      expectTooMany(refused, 'inviteUser', 60);
      expect(await count('SELECT count(*)::int AS n FROM users WHERE email = $1', [invited])).toBe(0);
      expectTooMany(await get(me, checkUrl), 'checkEmail', 60);
      const head = await app.inject({ method: 'HEAD', url: checkUrl, headers: bearer(me.token) });
      expect(head.statusCode).toBe(429);
      const added = await app.inject({
        method: 'POST',
        url: `/api/groups/${group.id}/members`,
        headers: bearer(me.token),
        payload: { email: invited },
      });
      expectTooMany(added, 'addGroupMember', 60);
      expect(await count('SELECT count(*)::int AS n FROM users WHERE email = $1', [invited])).toBe(0);
      // Other calls of the same account, and look-ups of another account, go on.
      expect((await get(me, '/api/users/profile')).statusCode).toBe(200);
      expect(
        (await get(other, `/api/users/check-email?email=${encodeURIComponent(me.email)}`)).statusCode,
      ).toBe(200);
      countFigure('limits hit');
    });

    it('every signed-in write counts against one allowance per account; reads go on', async () => {
      const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_WRITES: '3/1m' });
      const me = await registerUser(app);
      const other = await registerUser(app);
      const postGroup = (who: typeof me, name: string) =>
        app.inject({ method: 'POST', url: '/api/groups', headers: bearer(who.token), payload: { name } });
      expect((await postGroup(me, 'One')).statusCode).toBe(201);
      expect((await postGroup(me, 'Two')).statusCode).toBe(201);
      const settings = await app.inject({
        method: 'PUT',
        url: '/api/account-settings',
        headers: bearer(me.token),
        payload: { currency: 'EUR', defaultSplit: 'equal' },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      expectTooMany(await postGroup(me, 'Three'), 'createGroup', 60);
      const groups = 'SELECT count(*)::int AS n FROM groups WHERE created_by = $1';
      expect(await count(groups, [me.user.id])).toBe(2);
      const invalid = await postGroup(me, '');
      expectTooMany(invalid, 'createGroup', 60);
      const list = await app.inject({ method: 'GET', url: '/api/groups', headers: bearer(me.token) });
      expect(list.statusCode).toBe(200);
      expect((await postGroup(other, 'Theirs')).statusCode).toBe(201);
      countFigure('limits hit');
    });
  });

  describe('abuse: proxy trust decides the client address', () => {
    afterAll(() => writeAbuseFigures(ctx.engine));

    const loginVia = (app: FastifyInstance, email: string, forwardedFor: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: 'not-the-password' },
        headers: { 'x-forwarded-for': forwardedFor },
        remoteAddress: '127.0.0.1',
      });

    it('TRUST_PROXY unset: X-Forwarded-For is ignored, so changing it does not dodge the limit', async () => {
      const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_LOGIN_ADDRESS: '2/15m' });
      expect((await loginVia(app, uniqueEmail(), '203.0.113.1')).statusCode).toBe(401);
      expect((await loginVia(app, uniqueEmail(), '203.0.113.2')).statusCode).toBe(401);
      expectTooMany(await loginVia(app, uniqueEmail(), '203.0.113.3'), 'loginUser', 15 * 60);
      countFigure('forwarded addresses tried to dodge a limit', 3);
    });

    it('TRUST_PROXY set to the proxy: its X-Forwarded-For is the client, each address with its own allowance', async () => {
      const app = await ctx.buildApp({
        ...GENEROUS,
        RATE_LIMIT_LOGIN_ADDRESS: '2/15m',
        TRUST_PROXY: '127.0.0.1',
      });
      expect((await loginVia(app, uniqueEmail(), '203.0.113.1')).statusCode).toBe(401);
      expect((await loginVia(app, uniqueEmail(), '203.0.113.1')).statusCode).toBe(401);
      expectTooMany(await loginVia(app, uniqueEmail(), '203.0.113.1'), 'loginUser', 15 * 60);
      expect((await loginVia(app, uniqueEmail(), '203.0.113.2')).statusCode).toBe(401);
      // The client cannot prepend an address of its choice: the proxy's last hop is what counts.
      expectTooMany(await loginVia(app, uniqueEmail(), '198.51.100.7, 203.0.113.1'), 'loginUser', 15 * 60);
      // A request from anywhere but the trusted proxy is its own address, whatever it claims.
      const direct = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: uniqueEmail(), password: 'not-the-password' },
        headers: { 'x-forwarded-for': '203.0.113.9' },
        remoteAddress: '192.0.2.50',
      });
      expect(direct.statusCode).toBe(401);
      countFigure('limits hit');
    });
  });
}
