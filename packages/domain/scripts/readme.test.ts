// README.md's examples run: each ```js block imports @kitty/domain as a user would and asserts its results.
// (scripts/packaging.test.ts runs them again in plain Node.js against the packed tarball.)
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readmeExamples, runReadmeExample } from '../../../scripts/readmeExamples';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const examples = readmeExamples(readFileSync(join(packageDir, 'README.md'), 'utf8'));

afterAll(() => rmSync(join(packageDir, '.readme-examples'), { recursive: true, force: true }));

describe('@kitty/domain README', () => {
  it('has its examples: money, every split type, balances, settle-up, CSV, flows', () => {
    const all = examples.map((e) => e.code).join('\n');
    expect(examples.length).toBeGreaterThanOrEqual(7);
    for (const name of [
      'parseMoney',
      'formatMoneyWithSymbol',
      'computeBalances',
      'minimalTransfers',
      'groupCsv',
    ])
      expect(all).toContain(`${name}(`);
    for (const type of ['equal', 'percentage', 'shares', 'exact', 'adjustment'])
      expect(all).toContain(`split_type: '${type}'`);
  });

  it.each(examples.map((e) => [e.line, e] as const))(
    'the example at line %i runs',
    async (_line, example) => {
      await runReadmeExample(packageDir, example);
    },
  );
});
