import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config-security';

export interface SecurityOptions {
  /** reCAPTCHA's scripts and frames are allowed only when it is configured. */
  recaptcha: boolean;
  /** Origins allowed to call from a browser on another site; empty keeps CORS closed. */
  corsOrigins: string[];
  /** The <style> elements of the web app's index.html (the build inlines its stylesheet), allowed by hash. */
  pageStyles?: readonly string[];
}

const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];
export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key';
export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';

type Directives = Record<string, string[]>;

/**
 * The two <style> elements react-aria-components writes at run time (usePress, and usePreventScroll while
 * a dialog is open), allowed by their hashes rather than by 'unsafe-inline'. When a react-aria update
 * changes them, the browser test of the policy (e2e/security-headers.spec.ts) names the new hash.
 */
export const REACT_ARIA_STYLES = [
  '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}',
  '@layer {\n  * {\n    overscroll-behavior: contain;\n  }\n}',
];
const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;

const BASE: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", ...REACT_ARIA_STYLES.map(styleHash)],
  // blob: the receipts' pictures, fetched with the caller's token and shown from memory (GET .../receipts/{id}).
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

const render = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');

/**
 * The web app's policy: only its own files (the build emits no inline script; React sets style properties
 * through the DOM, which CSP allows), the stylesheet index.html carries inline and react-aria's two style
 * elements (each by its hash), data: images (the icon) and blob: images (receipts). With reCAPTCHA on, Google's script and frame,
 * and style attributes for the badge its script writes.
 */
export function appContentSecurityPolicy(recaptcha: boolean, pageStyles: readonly string[] = []): string {
  const base = { ...BASE, 'style-src': [...(BASE['style-src'] ?? []), ...pageStyles.map(styleHash)] };
  if (!recaptcha) return render(base);
  return render({
    ...base,
    'script-src': ["'self'", ...RECAPTCHA_SCRIPTS],
    'style-src-attr': ["'unsafe-inline'"],
    'frame-src': RECAPTCHA_FRAMES,
  });
}

/** Swagger UI at /api/docs renders with inline styles; it runs no inline script. */
export const DOCS_CONTENT_SECURITY_POLICY = render({ ...BASE, 'style-src': ["'self'", "'unsafe-inline'"] });

const isDocs = (url: string) => url === '/api/docs' || /^\/api\/docs[/?]/.test(url);

/**
 * Security headers on every answer (API, web app, static files, errors), CORS for the configured
 * origins only, and preflights answered here.
 */
export function registerSecurity(app: FastifyInstance, options: SecurityOptions): void {
  const appPolicy = appContentSecurityPolicy(options.recaptcha, options.pageStyles);
  const allowed = new Set(options.corsOrigins);

  // Callback-style hooks (not async): they run on every answer and have nothing to wait for.
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    const corsAllowed = origin !== undefined && allowed.has(origin);
    if (allowed.size > 0) reply.header('vary', 'Origin');
    if (corsAllowed) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', 'Retry-After, X-Request-Id');
    }
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      // A preflight: allowed origins learn what they may send; any other gets no permission at all.
      if (corsAllowed) {
        reply.header('access-control-allow-methods', CORS_ALLOWED_METHODS);
        reply.header('access-control-allow-headers', CORS_ALLOWED_HEADERS);
        reply.header('access-control-max-age', '600');
      }
      reply.code(204).send();
      return;
    }
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    setSecurityHeaders(request, reply, isDocs(request.url) ? DOCS_CONTENT_SECURITY_POLICY : appPolicy);
    done(null, payload);
  });
}

// An answer that set its own, stricter policy keeps it (a receipt's file: receipts/serve.ts).
function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply, policy: string): void {
  const own = reply.getHeader('content-security-policy');
  reply.headers(securityHeaders(typeof own === 'string' ? own : policy, request.protocol === 'https'));
}

/**
 * The security headers of every answer, also written by hand where Fastify's hooks do not run
 * (framework-errors.ts). Strict-Transport-Security only over TLS (as Fastify sees it: X-Forwarded-Proto
 * counts only from a trusted proxy).
 */
export function securityHeaders(policy: string, https: boolean): Record<string, string> {
  return {
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * TRUST_PROXY as Fastify takes it. false: request.ip is the socket's address and X-Forwarded-* are
 * ignored. A hop count trusts that many proxies nearest the server (Fastify's own rule, typed as a function).
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
