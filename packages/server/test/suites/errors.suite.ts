import { describe, expect, it } from 'vitest';
import { expectContract, expectErrorBody } from '../contract';
import type { TestContext } from '../support/context';
import { captureLogs } from '../support/logs';
import { registration } from '../support/users';

export function errorsSuite(ctx: TestContext): void {
  describe('errors are JSON with a code and a message', () => {
    it('an unknown /api path is a JSON 404, whatever the method', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await ctx.app.inject({ method, url: '/api/no-such-thing' });
        expect(expectErrorBody(response, 404)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      }
    });

    it('a body that is not JSON is a 400 saying so', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "ann@example.com", ',
      });
      expect(response.statusCode).toBe(400);
      expect(expectContract(response, 'loginUser')).toEqual({
        code: 'INVALID_JSON',
        message: 'The request body is not valid JSON',
      });
    });

    it('a body over 1 MiB is a 413', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
      });
      expect(expectErrorBody(response, 413)).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request body is too large.',
      });
    });

    it('every answer carries a request id', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('an unexpected failure is a generic 500, logged with its request id and cause', async () => {
      const logs = captureLogs();
      const app = await ctx.buildApp({ LOG_LEVEL: 'error' }, { logStream: logs.stream });
      app.get('/api/test-only/boom', async () => {
        throw new Error('a bug with details the caller must not see');
      });
      const response = await app.inject({ method: 'GET', url: '/api/test-only/boom' });
      expect(expectErrorBody(response, 500)).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'An unexpected error occurred. Please try again.',
      });
      expect(logs.lines).toContainEqual(
        expect.objectContaining({
          level: 50,
          reqId: response.headers['x-request-id'],
          err: expect.objectContaining({ message: 'a bug with details the caller must not see' }),
        }),
      );
    });

    it("a request's log lines carry its request id and are redacted; levels that are off write nothing", async () => {
      const logs = captureLogs();
      const app = await ctx.buildApp({ LOG_LEVEL: 'warn' }, { logStream: logs.stream });
      app.get('/api/test-only/log', async (request) => {
        request.log.info('an info line, below the level');
        request.log.warn({ attempt: { password: 'hunter2-secret' } }, 'a warning');
        request.log.child({ step: 'inner' }).error('an error from a child');
        request.log.debug('a debug line, below the level');
        return { ok: true };
      });
      const response = await app.inject({ method: 'GET', url: '/api/test-only/log' });
      expect(response.statusCode).toBe(200);
      const reqId = response.headers['x-request-id'];
      expect(logs.lines).toEqual([
        expect.objectContaining({ level: 40, reqId, msg: 'a warning', attempt: { password: '[redacted]' } }),
        expect.objectContaining({ level: 50, reqId, step: 'inner', msg: 'an error from a child' }),
      ]);
      expect(logs.text()).not.toContain('hunter2-secret');
    });

    it('passwords, passphrases and tokens never reach the logs', async () => {
      const logs = captureLogs();
      const app = await ctx.buildApp({ LOG_LEVEL: 'trace' }, { logStream: logs.stream });
      const payload = registration({ password: 'a-very-secret-password' });
      const registered = await app.inject({ method: 'POST', url: '/api/users/register', payload });
      const token = expectContract(registered, 'registerUser').token;
      await app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: payload.email, password: 'a-very-secret-password' },
      });
      const log = logs.text();
      expect(log).toContain('/api/users/profile');
      for (const secret of ['a-very-secret-password', payload.passphrase, token])
        expect(log).not.toContain(secret);
    });
  });
}
