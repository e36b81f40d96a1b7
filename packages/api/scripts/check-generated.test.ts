import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkGenerated, OPENAPI_PATH, SCHEMA_PATH } from './check-generated.mjs';

const dir = mkdtempSync(join(tmpdir(), 'kitty-check-generated-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('check-generated', () => {
  it('passes: the committed schema.d.ts is what generate makes from openapi.yaml', () => {
    expect(checkGenerated()).toBeNull();
  }, 30_000);

  it('fails with a clear message when openapi.yaml changed without regenerating', () => {
    const changed = join(dir, 'openapi.yaml');
    const yaml = readFileSync(OPENAPI_PATH, 'utf8');
    const edited = yaml.replace(
      '        status: { type: string, enum: [ok] }\n',
      '        status: { type: string, enum: [ok, degraded] }\n',
    );
    expect(edited).not.toBe(yaml);
    writeFileSync(changed, edited);
    const message = checkGenerated(changed, SCHEMA_PATH);
    expect(message).toContain('is out of date');
    expect(message).toContain("'degraded'");
    expect(message).toContain('pnpm --filter @kitty/api generate');
  }, 30_000);

  it('fails when schema.d.ts is missing', () => {
    expect(checkGenerated(OPENAPI_PATH, join(dir, 'missing.d.ts'))).toContain('is out of date');
  }, 30_000);
});
