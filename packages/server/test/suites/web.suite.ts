import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gunzipSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../contract';
import type { TestContext } from '../support/context';

const INDEX = '<!doctype html><title>Kitty</title><div id="root"></div>';

export function webSuite(ctx: TestContext): void {
  describe('the web app', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      const dist = mkdtempSync(join(tmpdir(), 'kitty-dist-'));
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), INDEX);
      writeFileSync(join(dist, 'assets', 'app-3f9a.js'), 'console.log("kitty")');
      writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
      // The web build writes .br and .gz beside each text file.
      for (const file of ['index.html', 'assets/app-3f9a.js']) {
        const source = file === 'index.html' ? INDEX : 'console.log("kitty")';
        writeFileSync(join(dist, `${file}.br`), brotliCompressSync(source));
        writeFileSync(join(dist, `${file}.gz`), gzipSync(source));
      }
      app = await ctx.buildApp({ WEB_DIST: dist });
    });

    it('deep links get index.html, never cached, so the app can route them', async () => {
      for (const url of ['/', '/dashboard', '/groups/123', '/expenses/abc/edit?tab=1']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toBe(INDEX);
      }
    });

    it('hashed assets are cached for a year; other files are revalidated', async () => {
      const asset = await app.inject({ method: 'GET', url: '/assets/app-3f9a.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['cache-control']).toBe('no-cache');
    });

    it('a browser that accepts compression gets the pre-compressed .br or .gz of the build, same type and caching', async () => {
      const br = await app.inject({
        method: 'GET',
        url: '/assets/app-3f9a.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("kitty")');

      const gz = await app.inject({
        method: 'GET',
        url: '/groups/123',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers['content-type']).toMatch(/^text\/html/);
      expect(gz.headers['cache-control']).toBe('no-cache');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(INDEX);
    });

    it('a missing file is a 404, not the app', async () => {
      const response = await app.inject({ method: 'GET', url: '/assets/missing-1234.js' });
      expect(expectErrorBody(response, 404)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    });

    it('unknown /api paths stay JSON 404s next to the app', async () => {
      expect(expectErrorBody(await app.inject({ method: 'GET', url: '/api/unknown' }), 404)).toEqual({
        code: 'NOT_FOUND',
        message: 'Not found',
      });
    });

    describe("each page links the chunks of its route (the build's .vite/route-preloads.json)", () => {
      const PAGE =
        '<!doctype html><html><head><title>Kitty</title>\n  </head><body><div id="root"></div></body></html>';
      const preloads: Record<string, string[]> = {
        '/login': ['/assets/Login-1.js'],
        '/dashboard': ['/assets/Shell-1.js', '/assets/Dashboard-1.js'],
        '/groups/create': ['/assets/Shell-1.js', '/assets/CreateGroup-1.js'],
        '/groups/:groupId': ['/assets/Shell-1.js', '/assets/Group-1.js'],
        '/groups/:groupId/expenses/create': ['/assets/Form-1.js'],
        '/*': ['/assets/NotFound-1.js'],
      };
      let routed: FastifyInstance;
      const links = (body: string) =>
        [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
      beforeAll(async () => {
        const dist = mkdtempSync(join(tmpdir(), 'kitty-dist-'));
        mkdirSync(join(dist, '.vite'));
        writeFileSync(join(dist, 'index.html'), PAGE);
        const routes = Object.entries(preloads).map(([path, modulepreload]) => ({ path, modulepreload }));
        writeFileSync(join(dist, '.vite/route-preloads.json'), JSON.stringify({ routes }));
        routed = await ctx.buildApp({ WEB_DIST: dist });
      });

      it("a deep link gets index.html with its own route's chunks, a fixed segment before a :param", async () => {
        const expected: [string, string[]][] = [
          ['/dashboard', preloads['/dashboard'] ?? []],
          ['/dashboard/?tab=1', preloads['/dashboard'] ?? []],
          ['/groups/create', preloads['/groups/create'] ?? []],
          ['/groups/0b9f6c1e-1111-4444-8888-222233334444', preloads['/groups/:groupId'] ?? []],
          ['/groups/abc/expenses/create', preloads['/groups/:groupId/expenses/create'] ?? []],
          ['/no/such/page', preloads['/*'] ?? []],
          ['/', []],
        ];
        for (const [url, files] of expected) {
          const response = await routed.inject({ method: 'GET', url });
          expect(response.statusCode, url).toBe(200);
          expect(response.headers['content-type'], url).toMatch(/^text\/html/);
          expect(response.headers['cache-control'], url).toBe('no-cache');
          expect(links(response.body), url).toEqual(files);
          expect(response.body.replace(/\n {4}<link rel="modulepreload"[^>]*>/g, ''), url).toBe(PAGE);
        }
      });

      it('the page comes compressed as the browser accepts it, and a revalidation with its ETag is a 304', async () => {
        const br = await routed.inject({
          method: 'GET',
          url: '/dashboard',
          headers: { 'accept-encoding': 'gzip, br' },
        });
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers.vary).toMatch(/accept-encoding/i);
        const page = brotliDecompressSync(br.rawPayload).toString();
        expect(links(page)).toEqual(preloads['/dashboard']);
        const gz = await routed.inject({
          method: 'GET',
          url: '/dashboard',
          headers: { 'accept-encoding': 'br;q=0, gzip' },
        });
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gz.rawPayload).toString()).toBe(page);
        const plain = await routed.inject({
          method: 'GET',
          url: '/dashboard',
          headers: { 'accept-encoding': 'identity' },
        });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toBe(page);

        const etag = String(br.headers.etag);
        const again = await routed.inject({
          method: 'GET',
          url: '/dashboard',
          headers: { 'if-none-match': etag },
        });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        const otherPage = await routed.inject({
          method: 'GET',
          url: '/login',
          headers: { 'if-none-match': etag },
        });
        expect(otherPage.statusCode).toBe(200);
        expect(links(otherPage.body)).toEqual(preloads['/login']);
      });
    });

    it('without a build, / says to run pnpm build', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toContain('pnpm build');
    });
  });
}
