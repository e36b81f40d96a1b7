// Fails when src/schema.d.ts is not what `pnpm --filter @kitty/api generate` makes from openapi.yaml
// (same pipeline: openapi-typescript, then biome format), so a contract change cannot land without its types.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
export const OPENAPI_PATH = join(PACKAGE_DIR, '../../openapi.yaml');
export const SCHEMA_PATH = join(PACKAGE_DIR, 'src/schema.d.ts');

function bin(name) {
  for (const dir of [join(PACKAGE_DIR, 'node_modules/.bin'), join(PACKAGE_DIR, '../../node_modules/.bin')]) {
    const path = join(dir, name);
    if (existsSync(path)) return path;
  }
  throw new Error(`${name} is not installed; run pnpm install`);
}

/** The text `generate` would write for this OpenAPI document. */
export function generateSchema(openapiPath = OPENAPI_PATH) {
  const dir = mkdtempSync(join(tmpdir(), 'kitty-api-schema-'));
  try {
    const raw = join(dir, 'schema.d.ts');
    execFileSync(bin('openapi-typescript'), [openapiPath, '-o', raw], { stdio: 'pipe' });
    // Formatted as if it were src/schema.d.ts, so the repository's biome settings apply.
    return execFileSync(bin('biome'), ['format', '--stdin-file-path=src/schema.d.ts'], {
      cwd: PACKAGE_DIR,
      input: readFileSync(raw, 'utf8'),
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Null when the committed schema is up to date, else a message naming the first differing line. */
export function checkGenerated(openapiPath = OPENAPI_PATH, schemaPath = SCHEMA_PATH) {
  const expected = generateSchema(openapiPath);
  const actual = existsSync(schemaPath) ? readFileSync(schemaPath, 'utf8') : '';
  if (expected === actual) return null;
  const want = expected.split('\n');
  const have = actual.split('\n');
  let line = 0;
  while (line < want.length && want[line] === have[line]) line++;
  return [
    `${schemaPath} is out of date with ${openapiPath}.`,
    `First difference at line ${line + 1}:`,
    `  expected: ${want[line] ?? '(end of file)'}`,
    `  found:    ${have[line] ?? '(end of file)'}`,
    'Run `pnpm --filter @kitty/api generate` and commit src/schema.d.ts.',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problem = checkGenerated();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  console.log('src/schema.d.ts matches openapi.yaml');
}
