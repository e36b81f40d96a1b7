// The libraries as an outsider gets them: @kitty/domain and @kitty/api packed as they would be published
// (scripts/pack-libraries.mjs: build, then `pnpm pack`), installed with npm into an empty project that has no
// TypeScript and no workspace, and imported from plain JavaScript run by node; then their declarations
// checked by TypeScript 5.9 from a .ts file of that project. Needs the npm registry or npm's cache for the
// libraries' own dependencies (xstate, effect, openapi-fetch).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReadmeExample, readmeExamples } from './readmeExamples';

const exec = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');

const work = mkdtempSync(join(tmpdir(), 'kitty-packaging-'));
const project = join(work, 'consumer');

interface Manifest {
  name: string;
  version: string;
  license?: string;
  private?: boolean;
  sideEffects?: boolean;
  types?: string;
  exports: Record<string, string | Record<string, string>>;
  dependencies?: Record<string, string>;
  scripts?: Record<string, string>;
}

/** Each library's README examples, as the files they are written to in the consumer project. */
const readmes = Object.entries({
  domain: 'packages/domain/README.md',
  api: 'packages/api/README.md',
}).flatMap(([name, path]) =>
  readmeExamples(readFileSync(join(root, path), 'utf8')).map((example: ReadmeExample) => ({
    ...example,
    file: `readme-${name}-${example.line}.${example.lang === 'ts' ? 'ts' : 'mjs'}`,
  })),
);

const manifest = (name: string): Manifest =>
  JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8'));

async function run(command: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await exec(command, args, { cwd, maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

// What the plain JavaScript reads of the two libraries; node prints it as JSON.
const CONSUMER_MJS = `
import { splitExpense, minimalTransfers, parseMoney, formatMoneyWithSymbol, computeBalances, groupCsv } from '@kitty/domain';
import { createDraft } from '@kitty/domain/flows';
import { createApiClient, call, HttpError, NetworkError, isApiError, callEffect } from '@kitty/api';

const people = ['ana', 'ben', 'cy'];
const equal = splitExpense({ amount: 9500, participants: people, split_type: 'equal', details: {} });
const percentage = splitExpense({
  amount: 10000, participants: people, split_type: 'percentage',
  details: { percentages: { ana: 50, ben: 33.33, cy: 16.67 } },
});
const transfers = minimalTransfers({ ana: 6000, ben: -2500, cy: -3500 });
const balances = computeBalances([
  { id: 'e1', amount: 9500, currency: 'EUR', paid_by: 'ana', shares: equal },
]);
const money = parseMoney('12.5', 'EUR');

// The client against a fetch that answers like the server: a list, then a refusal with its code.
const answers = [
  new Response(JSON.stringify({ groups: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Group not found' }), {
    status: 404, headers: { 'Content-Type': 'application/json' },
  }),
];
const requests = [];
const api = createApiClient({
  baseUrl: 'http://kitty.test/api',
  fetch: async (request) => { requests.push(request.method + ' ' + request.url); return answers.shift(); },
  log: () => {},
});
const listed = await call(api.GET('/groups'), 'Failed to fetch groups');
let refused;
try {
  await call(api.GET('/groups/{id}', { params: { path: { id: 'g1' } } }), 'Failed to fetch group');
} catch (error) {
  refused = { http: error instanceof HttpError, api: isApiError(error), status: error.status, code: error.code, message: error.message };
}

console.log(JSON.stringify({
  equal, percentage, transfers, balances, money,
  shown: formatMoneyWithSymbol(123456, 'EUR'),
  csv: typeof groupCsv,
  draft: createDraft({ currentUser: { id: 'ana' } }).paid_by,
  listed, refused, requests,
  network: new NetworkError({ message: 'offline' }).status,
  effect: typeof callEffect,
}));
`;

// The same libraries from TypeScript: the declarations resolve under Node's own module rules, and they are
// real types (a wrong argument is an error), not an untyped any.
const CONSUMER_TS = `
import { splitExpense, minimalTransfers, type Transfer } from '@kitty/domain';
import { createDraft, type ExpenseDraft } from '@kitty/domain/flows';
import { createApiClient, call, HttpError, type Expense } from '@kitty/api';
import type { components } from '@kitty/api/schema';

const shares: Record<string, number> = splitExpense({ amount: 100, participants: ['a', 'b'], split_type: 'equal', details: {} });
const plan: Transfer[] = minimalTransfers({ a: 1, b: -1 });
const draft: ExpenseDraft = createDraft({ currentUser: { id: 'a' } });
const api = createApiClient({ baseUrl: 'http://kitty.test/api' });
export async function groups(): Promise<number> {
  const { groups } = await call(api.GET('/groups'), 'Failed');
  return groups.length;
}
const expense: Expense | undefined = undefined;
const code: components['schemas']['ErrorCode'] = 'NOT_FOUND';
// @ts-expect-error: an amount is a number of minor units, not text
splitExpense({ amount: '1.00', participants: ['a'], split_type: 'equal', details: {} });
// @ts-expect-error: a path the API does not have
api.GET('/no-such-path');
export const used = [shares, plan, draft, expense, code, HttpError];
`;

beforeAll(async () => {
  const packed = await run(
    process.execPath,
    [join(root, 'scripts/pack-libraries.mjs'), join(work, 'tarballs')],
    root,
  );
  const tarballs = JSON.parse(packed.trim().split('\n').at(-1) ?? '{}') as Record<string, string>;
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'kitty-consumer', private: true, type: 'module' }, null, 2),
  );
  await run(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      tarballs['@kitty/domain'] ?? '',
      tarballs['@kitty/api'] ?? '',
    ],
    project,
  );
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

// The checks after the install are independent subprocesses (node, tsc): they run side by side.
describe('the packed libraries', () => {
  it('are publishable manifests that point at the built files, types first', () => {
    for (const name of ['@kitty/domain', '@kitty/api']) {
      const m = manifest(name);
      expect(m.private, name).toBeUndefined();
      expect(m.license, name).toBe('MIT');
      expect(m.version, name).toMatch(/^\d+\.\d+\.\d+/);
      expect(m.sideEffects, name).toBe(false);
      expect(m.types, name).toBe('./dist/index.d.ts');
      expect(m.scripts?.prepack, `${name}: pnpm strips the publish lifecycle`).toBeUndefined();
      for (const [subpath, target] of Object.entries(m.exports)) {
        if (subpath === './package.json') continue;
        expect(typeof target, `${name} ${subpath}`).toBe('object');
        const conditions = target as Record<string, string>;
        expect(Object.keys(conditions)[0], `${name} ${subpath}: types first`).toBe('types');
        for (const file of Object.values(conditions)) {
          expect(file, `${name} ${subpath}`).toMatch(/^\.\/dist\//);
          expect(existsSync(join(project, 'node_modules', name, file)), `${name} ${file}`).toBe(true);
        }
      }
      expect(existsSync(join(project, 'node_modules', name, 'src')), `${name} ships no sources`).toBe(false);
    }
    expect(Object.keys(manifest('@kitty/domain').exports)).toEqual(['.', './flows', './package.json']);
    expect(Object.keys(manifest('@kitty/api').exports)).toEqual(['.', './schema', './package.json']);
    expect(manifest('@kitty/domain').dependencies).toEqual({ xstate: expect.any(String) });
    expect(manifest('@kitty/api').dependencies).toEqual({
      '@kitty/domain': `^${manifest('@kitty/domain').version}`,
      effect: expect.any(String),
      'openapi-fetch': expect.any(String),
    });
    // Source maps with the TypeScript inside (sourcesContent): the packages ship no src/.
    const map = JSON.parse(
      readFileSync(join(project, 'node_modules/@kitty/domain/dist/money.js.map'), 'utf8'),
    );
    expect(map.sources).toEqual(['../src/money.ts']);
    expect(map.sourcesContent[0]).toContain('export function parseMoney');
  });

  it.concurrent('import from plain JavaScript in node and give exact results', async ({ expect }) => {
    writeFileSync(join(project, 'consumer.mjs'), CONSUMER_MJS);
    const out = JSON.parse(await run(process.execPath, ['consumer.mjs'], project));
    expect(out.equal).toEqual({ ana: 3167, ben: 3167, cy: 3166 });
    expect(out.percentage).toEqual({ ana: 5000, ben: 3333, cy: 1667 });
    expect(out.transfers).toEqual([
      { from: 'ben', to: 'ana', amount: 2500 },
      { from: 'cy', to: 'ana', amount: 3500 },
    ]);
    expect(out.balances).toEqual({
      EUR: {
        ana: { paid: 9500, owed: 3167, net: 6333 },
        ben: { paid: 0, owed: 3167, net: -3167 },
        cy: { paid: 0, owed: 3166, net: -3166 },
      },
    });
    expect(out.money).toEqual({ ok: true, value: 1250 });
    expect(out.shown).toBe('€1,234.56');
    expect(out.csv).toBe('function');
    expect(out.draft).toBe('ana');
    expect(out.listed).toEqual({ groups: [] });
    expect(out.refused).toEqual({
      http: true,
      api: true,
      status: 404,
      code: 'NOT_FOUND',
      message: 'Group not found',
    });
    expect(out.requests).toEqual(['GET http://kitty.test/api/groups', 'GET http://kitty.test/api/groups/g1']);
    expect(out.network).toBe(0);
    expect(out.effect).toBe('function');
  });

  it.concurrent("run their READMEs' examples in plain Node.js", async ({ expect }) => {
    const js = readmes.filter((e) => e.lang === 'js');
    expect(js.length).toBeGreaterThanOrEqual(8);
    await Promise.all(
      js.map(async (example) => {
        writeFileSync(join(project, example.file), example.code);
        await run(process.execPath, [example.file], project);
      }),
    );
  });

  it.concurrent("have declarations TypeScript resolves under Node module rules (the READMEs' ts examples too)", async ({
    expect,
  }) => {
    writeFileSync(join(project, 'consumer.ts'), CONSUMER_TS);
    const ts = readmes.filter((e) => e.lang === 'ts');
    expect(ts.length).toBeGreaterThanOrEqual(1);
    for (const example of ts) writeFileSync(join(project, example.file), example.code);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2023',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          types: [],
          skipLibCheck: true,
        },
        files: ['consumer.ts', ...ts.map((e) => e.file)],
      }),
    );
    await expect(run(process.execPath, [tsc, '-p', 'tsconfig.json'], project)).resolves.toBe('');
  });
});
