import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { registerUser, registration } from '../support/users';

const FAILED = { code: 'RECAPTCHA_FAILED', message: 'reCAPTCHA verification failed. Please try again.' };
// What the stand-in for Google's siteverify answers for each token.
const ANSWERS: Record<string, object> = {
  'good-login': { success: true, score: 0.9, action: 'login' },
  'good-register': { success: true, score: 0.7, action: 'register' },
  'low-score': { success: true, score: 0.1, action: 'login' },
  'wrong-action': { success: true, score: 0.9, action: 'register' },
  rejected: { success: false, 'error-codes': ['invalid-input-response'] },
};

export function recaptchaSuite(ctx: TestContext): void {
  describe('reCAPTCHA, when a secret is configured', () => {
    let verifier: Server;
    let app: FastifyInstance;
    const received: URLSearchParams[] = [];

    beforeAll(async () => {
      verifier = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => {
          body += chunk;
        });
        request.on('end', () => {
          const form = new URLSearchParams(body);
          received.push(form);
          const answer =
            form.get('secret') === 'the-secret' ? ANSWERS[form.get('response') ?? ''] : undefined;
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify(answer ?? { success: false }));
        });
      });
      await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
      const { port } = verifier.address() as AddressInfo;
      app = await ctx.buildApp({
        RECAPTCHA_SECRET: 'the-secret',
        RECAPTCHA_SITE_KEY: 'site-key',
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
        RECAPTCHA_MIN_SCORE: '0.5',
      });
    });
    afterAll(() => new Promise<void>((resolve) => verifier.close(() => resolve())));

    const login = async (recaptchaToken: string | null) => {
      const { email, password } = await registerUser(ctx.app);
      return app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password, recaptchaToken },
      });
    };

    it('accepts a good token for the right action, sending the secret and the token', async () => {
      const response = await login('good-login');
      expect(response.statusCode).toBe(200);
      expectContract(response, 'loginUser');
      expect(received.at(-1)?.get('response')).toBe('good-login');
    });

    it('refuses a score below the minimum', async () => {
      const response = await login('low-score');
      expect(response.statusCode).toBe(403);
      expect(expectContract(response, 'loginUser')).toEqual(FAILED);
    });

    it('refuses a token made for another action', async () => {
      const response = await login('wrong-action');
      expect(response.statusCode).toBe(403);
      expect(expectContract(response, 'loginUser')).toEqual(FAILED);
    });

    it('refuses a missing or rejected token', async () => {
      for (const token of [null, 'rejected']) {
        const response = await login(token);
        expect(response.statusCode).toBe(403);
        expect(expectContract(response, 'loginUser')).toEqual(FAILED);
      }
    });

    it('registration needs a passing token for the register action', async () => {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: registration({ recaptchaToken: 'good-login' }),
      });
      expect(refused.statusCode).toBe(403);
      expect(expectContract(refused, 'registerUser')).toEqual(FAILED);
      const accepted = await app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: registration({ recaptchaToken: 'good-register' }),
      });
      expect(accepted.statusCode).toBe(201);
      expectContract(accepted, 'registerUser');
    });

    it('when the verifier cannot be reached, sign-in is refused with the same message', async () => {
      const offline = await ctx.buildApp({
        RECAPTCHA_SECRET: 'the-secret',
        RECAPTCHA_SITE_KEY: 'site-key',
        RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:1/siteverify',
      });
      const { email, password } = await registerUser(ctx.app);
      const response = await offline.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password, recaptchaToken: 'good-login' },
      });
      expect(response.statusCode).toBe(403);
      expect(expectContract(response, 'loginUser')).toEqual(FAILED);
    });
  });
}
