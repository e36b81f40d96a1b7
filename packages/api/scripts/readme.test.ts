// README.md's examples run: each ```js and ```ts block imports @kitty/api as a user would and asserts its
// results. (scripts/packaging.test.ts runs the js ones again in plain Node.js against the packed tarballs, and
// type-checks the ts ones against their declarations.)
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readmeExamples, runReadmeExample } from '../../../scripts/readmeExamples';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const examples = readmeExamples(readFileSync(join(packageDir, 'README.md'), 'utf8'));

afterAll(() => rmSync(join(packageDir, '.readme-examples'), { recursive: true, force: true }));

describe('@kitty/api README', () => {
  it('has its examples: the client, call, errors by code', () => {
    const all = examples.map((e) => e.code).join('\n');
    for (const name of ['createApiClient(', 'call(', 'HttpError', 'NetworkError', "error.code, 'NOT_FOUND'"])
      expect(all).toContain(name);
  });

  it.each(examples.map((e) => [e.line, e] as const))(
    'the example at line %i runs',
    async (_line, example) => {
      await runReadmeExample(packageDir, example);
    },
  );
});
