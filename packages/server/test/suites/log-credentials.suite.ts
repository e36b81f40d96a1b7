import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { urlForLog } from '../../src/http/log-redaction';
import type { TestContext } from '../support/context';
import { captureLogs } from '../support/logs';
import { registerUser } from '../support/users';

/**
 * Whoever reads the server's logs must not find a credential there: not a token put in an address (a
 * client that opens GET /events?token=..., an e-mail link's token), not an Authorization or Cookie header,
 * not a password or token in a body, whatever the route and whatever its answer.
 */
export function logCredentialsSuite(ctx: TestContext): void {
  describe('no credential reaches a log line', () => {
    it('tokens in query strings, paths, headers and bodies never appear, at the most verbose level', async () => {
      // Registered on the default (silent) app: without SMTP_URL, registration logs its verification link
      // on purpose (README: the operator passes it on), which is not what this test is about.
      const person = await registerUser(ctx.app);
      const logs = captureLogs();
      const app = await ctx.buildApp({ LOG_LEVEL: 'trace' }, { logStream: logs.stream });
      const linkToken = randomBytes(32).toString('base64url');
      const secrets = {
        jwt: person.token,
        link: linkToken,
        password: 'a-password-in-an-address',
        key: 'an-api-key-value',
        cookie: 'session-cookie-value',
        newPassword: 'a-brand-new-password',
      };
      const requests: {
        method: 'GET' | 'POST';
        url: string;
        headers?: Record<string, string>;
        payload?: object;
      }[] = [
        { method: 'GET', url: `/api/events?token=${secrets.jwt}` },
        { method: 'GET', url: `/api/events?access_token=${secrets.jwt}&last=1` },
        { method: 'GET', url: `/api/groups?password=${secrets.password}&api_key=${secrets.key}` },
        { method: 'GET', url: `/verify-email?token=${secrets.link}` },
        { method: 'GET', url: `/reset-password?token=${secrets.link}` },
        { method: 'GET', url: `/api/groups/${secrets.jwt}` },
        { method: 'GET', url: `/api/unsubscribe/${secrets.link}` },
        { method: 'GET', url: `/api/groups?q=${secrets.jwt}` },
        {
          method: 'GET',
          url: '/api/users/profile',
          headers: { authorization: `Bearer ${secrets.jwt}`, cookie: `sid=${secrets.cookie}` },
        },
        { method: 'POST', url: '/api/auth/verify-email', payload: { token: secrets.link } },
        {
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token: secrets.link, password: secrets.newPassword },
        },
        {
          method: 'POST',
          url: '/api/users/login',
          payload: { email: person.email, password: person.password },
        },
      ];
      for (const request of requests) await app.inject(request);

      const log = logs.text();
      // The requests were logged (with their addresses), so the absence below means something.
      expect(logs.lines.filter((line) => line.msg === 'incoming request')).toHaveLength(requests.length);
      expect(log).toContain('/api/events?token=[redacted]');
      expect(log).toContain('/api/events?access_token=[redacted]&last=1');
      expect(log).toContain('/verify-email?token=[redacted]');
      expect(log).toContain('/api/groups/[redacted]');
      expect(log).toContain('/api/users/profile');
      for (const secret of [...Object.values(secrets), person.password]) expect(log).not.toContain(secret);
      expect(log.toLowerCase()).not.toContain('bearer');
    });

    it('an address keeps what is not a credential: ids, page cursors, search words', () => {
      const id = crypto.randomUUID();
      expect(urlForLog(`/api/groups/${id}/history?limit=20&before=123&kind=expense_created`)).toBe(
        `/api/groups/${id}/history?limit=20&before=123&kind=expense_created`,
      );
      expect(urlForLog('/api/users/search?q=jana')).toBe('/api/users/search?q=jana');
      // A name spelled with escapes is still the name; a malformed escape is kept as it came.
      expect(urlForLog('/api/events?%74oken=abc&x=%E0%A4%A')).toBe(
        '/api/events?%74oken=[redacted]&x=%E0%A4%A',
      );
    });
  });
}
