import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract } from './contract';

// openapi.yaml's ErrorCode is what clients decide on: each code must be documented, answered by the server
// and asserted by a test, or it is a promise nobody keeps. (That the server answers only listed codes is
// the type checker's job: every helper of src/http/errors.ts takes an ErrorCode.)
const schema = contract.schema('ErrorCode') as { enum: string[]; description: string };

function sources(dir: string, skip: (path: string) => boolean): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !skip(path))
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
}

const here = import.meta.dirname;
const server = sources(join(here, '../src'), (path) => path.endsWith('.test.ts'));
const tests =
  sources(here, (path) => path.endsWith('error-codes.test.ts')) +
  sources(join(here, '../src'), (path) => !path.endsWith('.test.ts'));
const quoted = (code: string) => new RegExp(`'${code}'`);

describe('every error code of openapi.yaml', () => {
  it('is documented with its status and meaning', () => {
    const rows = schema.enum.filter(
      (code) => !new RegExp(`^\\| ${code} \\| \\d{3} \\| .+ \\|$`, 'm').test(schema.description),
    );
    expect(rows).toEqual([]);
  });

  it('is answered somewhere by the server', () => {
    expect(schema.enum.filter((code) => !quoted(code).test(server))).toEqual([]);
  });

  it('is asserted by a server test', () => {
    expect(schema.enum.filter((code) => !quoted(code).test(tests))).toEqual([]);
  });
});
