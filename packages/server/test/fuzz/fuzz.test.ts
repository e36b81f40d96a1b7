import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_VARIABLES } from '../../src/config-security';
import type { OperationId } from '../../src/http/route';
import { contract } from '../contract';
import { useTestContext } from '../support/context';
import type { Engine } from '../support/databases';
import { uniqueEmail } from '../support/users';
import { fingerprinter } from './fingerprint';
import { OPERATIONS } from './operations';
import { type EngineRun, writeFuzzReport } from './report';
import { fuzzOperation, type Harness } from './runner';
import { badTokens } from './tokens';
import { ADMIN_EMAIL, buildWorld, register, worldIsIntact } from './world';

// FUZZ_SEED and FUZZ_RUNS (runs per operation on PostgreSQL) override the defaults for longer local runs.
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const RUNS_ON: Record<Engine, number> = { postgres: RUNS, pglite: Math.max(1, Math.round(RUNS / 9)) };
// A bound in time as well as in count: an operation stops early (and says so in the report) once it has
// taken twice its share of the engine's budget, so a slow machine cannot hold CI for long.
const BUDGET_SECONDS: Record<Engine, number> = {
  postgres: Number(process.env.FUZZ_BUDGET_SECONDS ?? 180),
  pglite: 40,
};
const UNLIMITED = { max: 1_000_000, windowMs: 60_000 };
const operations = [...contract.operations.values()];
const runs: EngineRun[] = [];

/** A per-operation seed from the run's seed, so that one operation can be replayed alone (-t <id>). */
function seedOf(operationId: string): number {
  let hash = SEED | 0;
  for (const char of operationId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

describe('fuzz: every operation of openapi.yaml has a generator of valid requests', () => {
  it('no operation of the contract is left out, and no generator names an operation that is gone', () => {
    expect(operations.map((op) => op.id).filter((id) => !(id in OPERATIONS))).toEqual([]);
    expect(Object.keys(OPERATIONS).filter((id) => !contract.operations.has(id))).toEqual([]);
  });
});

// PGlite first with a few runs per operation; then PostgreSQL, the engine CI requires, with all of them.
for (const engine of ['pglite', 'postgres'] as const) {
  describe(`fuzz on ${engine}: hostile ids, queries, headers and bodies never get a 5xx, and a 4xx changes nothing`, () => {
    const ctx = useTestContext(engine);
    const errors: string[] = [];
    const run: EngineRun = {
      engine,
      seed: SEED,
      runsPerOperation: RUNS_ON[engine],
      seconds: 0,
      worldRebuilds: 0,
      operations: new Map(),
    };
    let harness: Harness;
    let started = 0;

    beforeAll(async () => {
      const logStream = new Writable({
        write(chunk, _encoding, done) {
          errors.push(String(chunk));
          if (errors.length > 20) errors.shift();
          done();
        },
      });
      // Rate limits off: thousands of cases from one account must reach the services, not a 429.
      const limitsOff = Object.fromEntries(RATE_LIMIT_VARIABLES.map(([name]) => [name, 'off']));
      const app = await ctx.buildApp(
        { ...limitsOff, ADMIN_EMAILS: ADMIN_EMAIL, LOG_LEVEL: 'error' },
        { logStream, limits: { login: UNLIMITED, passphrase: UNLIMITED } },
      );
      const admin = await register(app, 'admin', ADMIN_EMAIL);
      const world = await buildWorld(app, admin);
      let counter = 0;
      harness = {
        app,
        db: ctx.db,
        world,
        spec: {
          app,
          db: ctx.db,
          world,
          email: (prefix = 'fuzz') => uniqueEmail(`${prefix}${++counter}`),
          key: () => `fuzz-key-${++counter}-${crypto.randomUUID()}`,
        },
        bad: await badTokens(world.owner.user.id),
        fingerprint: await fingerprinter(ctx.db),
        errors,
        stats: run.operations as Harness['stats'],
      };
      started = performance.now();
    });

    afterAll(() => {
      run.seconds = (performance.now() - started) / 1000;
      runs.push(run);
      // Written once the PostgreSQL run has tried every operation (not for a run narrowed with -t).
      if (engine === 'postgres' && run.operations.size === operations.length) {
        writeFuzzReport(runs, operations.length);
      }
    });

    for (const operation of operations) {
      const spec = OPERATIONS[operation.id as OperationId];
      const numRuns = Math.max(1, Math.round(RUNS_ON[engine] * (spec?.weight ?? 1)));
      it(`${operation.id} (${operation.method} ${operation.path}): ${numRuns} hostile variants`, async () => {
        if (!spec) throw new Error(`no generator for ${operation.id}`);
        if (!(await worldIsIntact(ctx.db, harness.world))) {
          const world = await buildWorld(harness.app, harness.world.admin);
          harness.world = world;
          harness.spec.world = world;
          run.worldRebuilds++;
        }
        const timeLimitMs = (2_000 * BUDGET_SECONDS[engine]) / operations.length;
        await fuzzOperation(harness, operation, spec, { seed: seedOf(operation.id), numRuns, timeLimitMs });
      }, 300_000);
    }
  });
}
