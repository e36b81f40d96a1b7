import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../contract';
import type { TestContext } from '../support/context';

interface Answer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as raw bytes over a real connection and reads the whole answer (the server closes). */
function send(port: number, request: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(Buffer.from(chunk)));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ statusCode: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

const request = (line: string, headers: string[] = [], body = '') =>
  [line, 'Host: localhost', 'Connection: close', ...headers, '', body].join('\r\n');

export function errorsOutsideSuite(ctx: TestContext): void {
  describe('errors: every answer, whatever produced it, over real HTTP', () => {
    let app: FastifyInstance;
    let port: number;
    beforeAll(async () => {
      const dist = mkdtempSync(join(tmpdir(), 'kitty-dist-'));
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Kitty</title><div id="root"></div>');
      app = await ctx.buildApp({ WEB_DIST: dist });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as { port: number }).port;
    });

    const cases: [string, string, number, string, string][] = [
      [
        'an id longer than the router takes (414)',
        request(`DELETE /api/expenses/${'a'.repeat(500)} HTTP/1.1`),
        414,
        'URL_TOO_LONG',
        'The address is too long.',
      ],
      [
        'headers over the size limit (431)',
        request('GET /api/health HTTP/1.1', [`X-Padding: ${'a'.repeat(20_000)}`]),
        431,
        'HEADERS_TOO_LARGE',
        'The request headers are too large.',
      ],
      [
        'an address over the size limit (431)',
        request(`GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1`),
        431,
        'HEADERS_TOO_LARGE',
        'The request headers are too large.',
      ],
      [
        'a broken percent escape in the address',
        request('GET /api/expenses/%E0%A4%A HTTP/1.1'),
        400,
        'MALFORMED_REQUEST',
        'The address is not valid.',
      ],
      [
        'a request line that is not HTTP',
        'NOT HTTP AT ALL\r\n\r\n',
        400,
        'MALFORMED_REQUEST',
        'The request could not be understood.',
      ],
      [
        'an unknown method',
        request('BREW /api/health HTTP/1.1'),
        400,
        'MALFORMED_REQUEST',
        'The request could not be understood.',
      ],
      ['an unknown route', request('PATCH /api/nothing-here HTTP/1.1'), 404, 'NOT_FOUND', 'Not found'],
      ['a missing file', request('GET /assets/missing-1.js HTTP/1.1'), 404, 'NOT_FOUND', 'Not found'],
      [
        'a body that is not JSON by its type',
        request(
          'POST /api/users/login HTTP/1.1',
          ['Content-Type: application/xml', 'Content-Length: 4'],
          '<a/>',
        ),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as JSON (Content-Type: application/json).',
      ],
      [
        'a body with an empty Content-Type',
        request('POST /api/users/login HTTP/1.1', ['Content-Type: ', 'Content-Length: 2'], '{}'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as JSON (Content-Type: application/json).',
      ],
    ];

    for (const [what, raw, status, code, message] of cases) {
      it(`${what}: the JSON error shape, the security headers and a request id`, async () => {
        const answer = await send(port, raw);
        const response = {
          ...answer,
          rawPayload: Buffer.from(answer.body),
        } as unknown as LightMyRequestResponse;
        expect(expectErrorBody(response, status)).toEqual({ code, message });
        const h = answer.headers;
        expect(h['x-request-id'], what).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        );
        expect(h['content-security-policy'], what).toContain("frame-ancestors 'none'");
        expect(h['content-security-policy'], what).toContain("default-src 'self'");
        expect(h['x-content-type-options'], what).toBe('nosniff');
        expect(h['x-frame-options'], what).toBe('DENY');
        expect(h['referrer-policy'], what).toBe('no-referrer');
        expect(h['cross-origin-opener-policy'], what).toBe('same-origin');
        expect(h['cross-origin-resource-policy'], what).toBe('same-origin');
        expect(h['permissions-policy'], what).toContain('camera=()');
        expect(h['x-powered-by'], what).toBeUndefined();
      });
    }

    it('the server keeps answering after refusing a request on its parser', async () => {
      await send(port, request('GET /api/health HTTP/1.1', [`X-Padding: ${'a'.repeat(20_000)}`]));
      const answer = await send(port, request('GET /api/health HTTP/1.1'));
      expect(answer.statusCode).toBe(200);
    });
  });
}
