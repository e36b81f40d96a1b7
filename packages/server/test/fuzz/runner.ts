import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db';
import type { Operation } from '../../src/http/contract';
import type { OperationId } from '../../src/http/route';
import { contract, expectContract } from '../contract';
import { type BadTokens, caseArbitrary } from './cases';
import { changedTables, type Fingerprint } from './fingerprint';
import type { OperationSpec, SpecContext, Target } from './operations';
import { describeValue } from './raw-json';
import { type BuiltRequest, buildRequest } from './request';
import type { World } from './world';

export interface OperationStats {
  /** Cases asked for (numRuns); fewer are tried when the time limit stops the operation. */
  planned: number;
  cases: number;
  statuses: Record<string, number>;
  /** 4xx answers after which every table was compared with its state before the request. */
  unchangedChecks: number;
  /** 2xx answers checked against the operation's response schema. */
  contractChecks: number;
  /** Cases that broke a rule (the run stops at the first: 0 or 1). */
  violations: number;
}

export interface Harness {
  app: FastifyInstance;
  db: Db;
  world: World;
  spec: SpecContext;
  bad: BadTokens;
  fingerprint: () => Promise<Fingerprint>;
  /** The last error lines the app logged (the cause of a 500). */
  errors: string[];
  stats: Map<OperationId, OperationStats>;
}

/** fast-check settings of one operation: its own seed (from the run's), its number of runs. */
export interface RunSettings {
  seed: number;
  numRuns: number;
  /** Past this long, the remaining runs send nothing (the report shows the cases actually tried). */
  timeLimitMs: number;
}

/**
 * Sends `numRuns` hostile variants of a valid request of the operation and checks, for each: no 5xx;
 * a 4xx is JSON with a code of openapi.yaml's ErrorCode and a non-empty `message` and leaves every table
 * exactly as it was; a 2xx on the operation's own route matches its response schema in openapi.yaml.
 */
export async function fuzzOperation(
  h: Harness,
  operation: Operation,
  spec: OperationSpec,
  settings: RunSettings,
): Promise<void> {
  const stats: OperationStats = {
    planned: settings.numRuns,
    cases: 0,
    statuses: {},
    unchangedChecks: 0,
    contractChecks: 0,
    violations: 0,
  };
  h.stats.set(operation.id as OperationId, stats);
  let target: Target | null = null;
  let before: Fingerprint | null = null;

  // Not fast-check's interruptAfterTimeLimit: it gives up on a case still running, which then changes
  // the database under the next operation's checks.
  const deadline = performance.now() + settings.timeLimitMs;
  const property = fc.asyncProperty(
    caseArbitrary(operation, { ids: h.world.ids, cursors: Object.values(h.world.cursors) }, h.bad),
    async (c) => {
      if (performance.now() > deadline) return;
      if (spec.target && !target) {
        target = await spec.target(h.spec);
        before = null;
      }
      const valid = await spec.valid(h.spec, target ?? {});
      const request = buildRequest(operation, valid, c, h.world);
      before ??= await h.fingerprint();
      h.errors.length = 0;
      const response = await h.app.inject(request.inject);
      const status = response.statusCode;
      stats.cases++;
      stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;

      if (status >= 500) fail(h, request, response, 'the server answered 5xx (a bug)');
      if (status >= 400) {
        checkErrorBody(h, request, response);
        const after = await h.fingerprint();
        const changed = changedTables(before, after);
        if (changed.length > 0) fail(h, request, response, `a refused request changed ${changed.join(', ')}`);
        stats.unchangedChecks++;
        before = after;
        return;
      }
      // Accepted: the database may have changed, and a target may be used up.
      before = null;
      if (spec.target) target = null;
      if (status < 300 && request.sameRoute) {
        try {
          expectContract(response, operation.id as OperationId);
        } catch (error) {
          fail(h, request, response, `the answer does not match openapi.yaml: ${(error as Error).message}`);
        }
        stats.contractChecks++;
      }
    },
  );
  try {
    await fc.assert(property, {
      seed: settings.seed,
      numRuns: settings.numRuns,
      endOnFailure: true,
    });
  } catch (error) {
    stats.violations++;
    // fast-check keeps the failing check as the cause: bring it into the message every reporter shows.
    const cause = (error as Error).cause;
    if (cause instanceof Error) throw new Error(`${(error as Error).message}\n\n${cause.message}`);
    throw error;
  }
}

function checkErrorBody(h: Harness, request: BuiltRequest, response: LightMyRequestResponse) {
  const isJson = /^application\/json/.test(String(response.headers['content-type'] ?? ''));
  if (!isJson) {
    // A URL that leaves /api once its dot segments are resolved reaches the web app's pages.
    if (!new URL(request.inject.url, 'http://fuzz.invalid').pathname.startsWith('/api/')) return;
    fail(h, request, response, 'a 4xx answer is not JSON');
  }
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = response.json();
  } catch {
    fail(h, request, response, 'a 4xx answer is not valid JSON');
  }
  if (!ERROR_CODES.includes(body.code)) fail(h, request, response, 'a 4xx answer has no code of ErrorCode');
  if (typeof body.message !== 'string' || body.message.trim() === '')
    fail(h, request, response, 'a 4xx answer has no message');
}

const ERROR_CODES: unknown[] = (contract.schema('ErrorCode') as { enum: string[] }).enum;

function fail(h: Harness, request: BuiltRequest, response: LightMyRequestResponse, why: string): never {
  const { method, url, headers, payload } = request.inject;
  const lines = [
    why,
    `request: ${method} ${describeValue(url)}`,
    `headers: ${describeValue(headers)}`,
    `body: ${payload === undefined ? '(none)' : describeValue(String(payload))}`,
    `answer: ${response.statusCode} ${response.body.slice(0, 500)}`,
    ...h.errors.slice(-3).map((line) => `logged: ${line.slice(0, 1500)}`),
  ];
  throw new Error(lines.join('\n'));
}
