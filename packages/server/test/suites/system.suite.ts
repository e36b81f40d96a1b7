import { describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';
import { expectContract, expectErrorBody } from '../contract';
import type { TestContext } from '../support/context';
import { registration } from '../support/users';

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.';

export function systemSuite(ctx: TestContext): void {
  describe('health and client configuration', () => {
    it('health says ok with the database up', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(expectContract(response, 'getHealth')).toEqual({ status: 'ok', database: 'up' });
    });

    it('client-config says reCAPTCHA is off when no secret is configured', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/client-config' });
      expect(expectContract(response, 'getClientConfig')).toEqual({
        recaptcha: { enabled: false, siteKey: null },
      });
    });

    it('client-config gives the site key when reCAPTCHA is on', async () => {
      const app = await ctx.buildApp({ RECAPTCHA_SECRET: 'secret', RECAPTCHA_SITE_KEY: 'site-key-123' });
      const response = await app.inject({ method: 'GET', url: '/api/client-config' });
      expect(expectContract(response, 'getClientConfig')).toEqual({
        recaptcha: { enabled: true, siteKey: 'site-key-123' },
      });
    });
  });

  describe('when the database cannot be reached', () => {
    const unreachable = async () => {
      if (ctx.engine === 'postgres') return openPostgres('postgres://postgres@127.0.0.1:1/kitty');
      const closed = await openPglite('memory://');
      await closed.close();
      return closed;
    };

    it('health answers 503 with a message', async () => {
      const app = await ctx.buildApp({}, { db: await unreachable() });
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(expectContract(response, 'getHealth')).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: UNAVAILABLE,
      });
    });

    it('any other call answers 503 with the same message, not a 500', async () => {
      const app = await ctx.buildApp({}, { db: await unreachable() });
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: registration(),
      });
      expect(expectErrorBody(response, 503)).toEqual({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE });
    });
  });
}
