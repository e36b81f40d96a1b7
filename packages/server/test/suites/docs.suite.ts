import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTRACT_PATH } from '../../src/paths';
import type { TestContext } from '../support/context';

export function docsSuite(ctx: TestContext): void {
  describe('system: API reference at /api/docs', () => {
    it('serves the reference page without signing in', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('swagger-ui');
    });

    it('shows openapi.yaml itself: every operation of the contract', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const served = response.json() as { openapi: string; paths: Record<string, unknown> };
      const contract = parse(readFileSync(CONTRACT_PATH, 'utf8')) as { paths: Record<string, unknown> };
      expect(served.openapi).toBe('3.1.0');
      expect(Object.keys(served.paths).sort()).toEqual(Object.keys(contract.paths).sort());
    });
  });
}
