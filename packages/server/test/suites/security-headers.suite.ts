import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../contract';
import type { TestContext } from '../support/context';
import { registerUser } from '../support/users';
import { countFigure, writeAbuseFigures } from './abuse-figures';

/** A CSP header as a map of directive to sources. */
export function directives(response: LightMyRequestResponse): Record<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

const APP_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // react-aria-components' two run-time <style> elements, by hash (never 'unsafe-inline').
  'style-src': [
    "'self'",
    "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='",
    "'sha256-gYiS/BvZvRcK27JIXTuwhZ3hs2+VJ1X+2gUlE+farlg='",
  ],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  const h = response.headers;
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['x-frame-options'], what).toBe('DENY');
  expect(h['referrer-policy'], what).toBe('no-referrer');
  expect(h['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(h['content-security-policy'], what).toBeDefined();
  expect(directives(response)['frame-ancestors'], what).toEqual(["'none'"]);
  expect(h['strict-transport-security'], `${what}: no HSTS over plain HTTP`).toBeUndefined();
  expect(h['access-control-allow-origin'], what).toBeUndefined();
  expect(h['x-powered-by'], what).toBeUndefined();
  countFigure('responses checked for security headers');
}

export function securityHeadersSuite(ctx: TestContext): void {
  describe('security: headers on every answer', () => {
    let app: FastifyInstance;
    let token: string;
    beforeAll(async () => {
      const dist = mkdtempSync(join(tmpdir(), 'kitty-dist-'));
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Kitty</title><div id="root"></div>');
      writeFileSync(join(dist, 'assets', 'app-1a2b.js'), 'console.log("kitty")');
      app = await ctx.buildApp({ WEB_DIST: dist });
      token = (await registerUser(app)).token;
    });
    afterAll(() => writeAbuseFigures(ctx.engine));

    it('API answers, errors, pages, static files and preflights all carry them', async () => {
      const requests: [string, InjectOptions, number][] = [
        ['health', { method: 'GET', url: '/api/health' }, 200],
        [
          'signed-in read',
          { method: 'GET', url: '/api/groups', headers: { authorization: `Bearer ${token}` } },
          200,
        ],
        ['no token', { method: 'GET', url: '/api/users/profile' }, 401],
        ['invalid body', { method: 'POST', url: '/api/users/login', payload: {} }, 400],
        ['unknown API path', { method: 'DELETE', url: '/api/nothing-here' }, 404],
        [
          'body too large',
          {
            method: 'POST',
            url: '/api/users/login',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
          },
          413,
        ],
        ['the app', { method: 'GET', url: '/' }, 200],
        ['a deep link', { method: 'GET', url: '/groups/123' }, 200],
        ['a hashed asset', { method: 'GET', url: '/assets/app-1a2b.js' }, 200],
        ['a missing file', { method: 'GET', url: '/assets/missing.js' }, 404],
        ['the API reference', { method: 'GET', url: '/api/docs' }, 200],
        [
          'a preflight',
          { method: 'OPTIONS', url: '/api/groups', headers: preflightHeaders('https://x.example') },
          204,
        ],
        ['HEAD of the app', { method: 'HEAD', url: '/' }, 200],
      ];
      for (const [what, request, status] of requests) {
        const response = await app.inject(request);
        expect(response.statusCode, what).toBe(status);
        expectSecurityHeaders(response, what);
      }
      expect(expectErrorBody(await app.inject(requests[5]![1]), 413).message).toBe(
        'The request body is too large.',
      );
    });

    it("the app's Content-Security-Policy allows only its own files and data: images, nothing inline", async () => {
      for (const url of ['/', '/dashboard', '/api/health', '/assets/app-1a2b.js']) {
        const response = await app.inject({ method: 'GET', url });
        expect(directives(response), url).toEqual(APP_POLICY);
        expect(response.headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval|google/);
        countFigure('Content-Security-Policy headers checked');
      }
    });

    it('the stylesheet the build inlines into index.html is allowed by its hash, and only that text', async () => {
      const css = ':root{--ink:#111}body{margin:0;color:var(--ink)}';
      const dist = mkdtempSync(join(tmpdir(), 'kitty-dist-'));
      writeFileSync(
        join(dist, 'index.html'),
        `<!doctype html><title>Kitty</title><style>${css}</style><div id="root"></div>`,
      );
      const inlined = await ctx.buildApp({ WEB_DIST: dist });
      const hash = `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
      for (const url of ['/', '/dashboard', '/api/health']) {
        const response = await inlined.inject({ method: 'GET', url });
        expect(directives(response), url).toEqual({
          ...APP_POLICY,
          'style-src': [...APP_POLICY['style-src'], hash],
        });
        expect(response.headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
      }
      expect((await inlined.inject({ method: 'GET', url: '/' })).body).toContain(`<style>${css}</style>`);
      // The app without a <style> in its index.html (the suite's other app) allows no page style at all.
      expect(directives(await app.inject({ method: 'GET', url: '/' }))['style-src']).toEqual(
        APP_POLICY['style-src'],
      );
    });

    it('with reCAPTCHA on, only Google reCAPTCHA scripts and frames are added', async () => {
      const withRecaptcha = await ctx.buildApp({ RECAPTCHA_SECRET: 'secret', RECAPTCHA_SITE_KEY: 'site' });
      const policy = directives(await withRecaptcha.inject({ method: 'GET', url: '/api/health' }));
      expect(policy).toEqual({
        ...APP_POLICY,
        'script-src': ["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
        // The badge reCAPTCHA's script writes carries style attributes.
        'style-src-attr': ["'unsafe-inline'"],
        'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
      });
      countFigure('Content-Security-Policy headers checked');
    });

    it('the API reference at /api/docs alone may use inline styles; it still runs only its own scripts', async () => {
      for (const url of ['/api/docs', '/api/docs/static/index.css', '/api/docs/json']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(directives(response), url).toEqual({
          ...APP_POLICY,
          'style-src': ["'self'", "'unsafe-inline'"],
        });
        countFigure('Content-Security-Policy headers checked');
      }
      const near = await app.inject({ method: 'GET', url: '/api/docsx' });
      expect(directives(near)).toEqual(APP_POLICY);
    });

    it('Strict-Transport-Security only when the request came over TLS, as a trusted proxy reports it', async () => {
      const https = { 'x-forwarded-proto': 'https' };
      const trusted = await ctx.buildApp({ TRUST_PROXY: '127.0.0.1' });
      const overTls = await trusted.inject({ method: 'GET', url: '/api/health', headers: https });
      expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await trusted.inject({ method: 'GET', url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      // Without TRUST_PROXY anyone could claim TLS: the header is ignored.
      const claimed = await app.inject({ method: 'GET', url: '/api/health', headers: https });
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
      // A trusted proxy's word only: another machine claiming TLS is not believed.
      const stranger = await trusted.inject({
        method: 'GET',
        url: '/api/health',
        headers: https,
        remoteAddress: '192.0.2.9',
      });
      expect(stranger.headers['strict-transport-security']).toBeUndefined();
      countFigure('HSTS cases checked', 4);
    });
  });

  describe('security: CORS closed unless CORS_ORIGINS lists the origin', () => {
    afterAll(() => writeAbuseFigures(ctx.engine));

    it('by default no answer allows another origin, and preflights get no permission', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(200);
      expect(corsHeaders(response)).toEqual({});
      const preflight = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/groups',
        headers: preflightHeaders('https://evil.example'),
      });
      expect(preflight.statusCode).toBe(204);
      expect(corsHeaders(preflight)).toEqual({});
      countFigure('CORS origins refused', 2);
    });

    it('a listed origin is allowed exactly: answers, errors and preflights; near misses are not', async () => {
      const app = await ctx.buildApp({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' });
      const allowed = 'https://app.example.com';
      const read = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: allowed } });
      expect(corsHeaders(read)).toEqual({
        'access-control-allow-origin': allowed,
        'access-control-expose-headers': 'Retry-After, X-Request-Id',
      });
      expect(read.headers.vary).toMatch(/Origin/);
      const error = await app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: { origin: allowed },
      });
      expect(error.statusCode).toBe(401);
      expect(error.headers['access-control-allow-origin']).toBe(allowed);
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/groups',
        headers: preflightHeaders('http://localhost:5173'),
      });
      expect(preflight.statusCode).toBe(204);
      expect(corsHeaders(preflight)).toEqual({
        'access-control-allow-origin': 'http://localhost:5173',
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key',
        'access-control-expose-headers': 'Retry-After, X-Request-Id',
        'access-control-max-age': '600',
      });
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      const nearMisses = [
        'https://app.example.com.evil.example',
        'http://app.example.com',
        'https://app.example.com:8443',
        'https://evil.example',
        'null',
      ];
      for (const origin of nearMisses) {
        const answer = await app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
        expect(corsHeaders(answer), origin).toEqual({});
        const refused = await app.inject({
          method: 'OPTIONS',
          url: '/api/groups',
          headers: preflightHeaders(origin),
        });
        expect(corsHeaders(refused), origin).toEqual({});
        countFigure('CORS origins refused');
      }
      countFigure('CORS origins allowed', 2);
    });
  });
}

function preflightHeaders(origin: string) {
  return {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'authorization, content-type',
  };
}

function corsHeaders(response: LightMyRequestResponse): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => name.startsWith('access-control-')),
  );
}
