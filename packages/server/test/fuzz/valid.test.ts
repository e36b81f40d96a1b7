import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_VARIABLES } from '../../src/config-security';
import type { JsonSchema, Operation } from '../../src/http/contract';
import type { OperationId } from '../../src/http/route';
import { CONTRACT_PATH } from '../../src/paths';
import { contract } from '../contract';
import { useTestContext } from '../support/context';
import { bearer, uniqueEmail } from '../support/users';
import { OPERATIONS, type SpecContext, type Target, type ValidRequest } from './operations';
import { describeValue } from './raw-json';
import { arbitraryFor, mergeAllOf } from './schema-arb';
import { ADMIN_EMAIL, buildWorld, register, type World, worldIsIntact } from './world';

// Requests valid by the contract, generated from openapi.yaml one field at a time (the rest of the
// operation's valid request kept) or as a whole body. The server may refuse one only for a reason the
// contract states: every message of a 400 is written in openapi.yaml. No answer is a 5xx.

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const RUNS = Number(process.env.VALID_RUNS ?? 40);
const UNLIMITED = { max: 1_000_000, windowMs: 60_000 };
const CONTRACT_TEXT = readFileSync(CONTRACT_PATH, 'utf8').replace(/\s+/g, ' ');
/** Stated in the contract: the message appears in openapi.yaml (its whitespace folded). */
const stated = (message: string) => CONTRACT_TEXT.includes(message.replace(/\s+/g, ' '));

type Change =
  | { kind: 'body-field'; name: string; value: unknown }
  | { kind: 'body'; value: unknown }
  | { kind: 'query'; name: string; value: unknown };

function bodySchema(operation: Operation): Record<string, unknown> | null {
  if (!operation.body) return null;
  const s = operation.body.schema as Record<string, unknown>;
  return Array.isArray(s.allOf) ? mergeAllOf(s.allOf as Record<string, unknown>[]) : s;
}

function changeArbitrary(operation: Operation, ids: string[]): fc.Arbitrary<Change> {
  const options = { ids: fc.constantFrom(...ids), edges: true };
  const choices: fc.Arbitrary<Change>[] = [];
  const schema = bodySchema(operation);
  if (schema) {
    for (const [name, field] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      choices.push(arbitraryFor(field, options, name).map((value) => ({ kind: 'body-field', name, value })));
    }
    choices.push(
      arbitraryFor(operation.body?.schema as JsonSchema, options).map((value) => ({ kind: 'body', value })),
    );
  }
  for (const p of operation.parameters.filter((p) => p.in === 'query' && p.schema)) {
    // A cursor is the server's own text (its pattern says so): the valid request's real one stays.
    if (p.name === 'cursor') continue;
    choices.push(
      arbitraryFor(p.schema as JsonSchema, options, p.name).map((value) => ({
        kind: 'query',
        name: p.name,
        value,
      })),
    );
  }
  return fc.oneof(...choices);
}

function applyChange(valid: ValidRequest, change: Change): ValidRequest {
  if (change.kind === 'body') return { ...valid, body: change.value };
  if (change.kind === 'body-field') {
    const body = { ...(valid.body as Record<string, unknown>) };
    if (change.value === undefined) delete body[change.name];
    else body[change.name] = change.value;
    return { ...valid, body };
  }
  const query = { ...(valid.query ?? {}) };
  if (change.value === undefined) delete query[change.name];
  else query[change.name] = change.value as string;
  return { ...valid, query };
}

function injectOf(operation: Operation, request: ValidRequest) {
  let url = `/api${operation.path}`;
  for (const [name, value] of Object.entries(request.params ?? {}))
    url = url.replace(`{${name}}`, encodeURIComponent(value));
  const query = new URLSearchParams(Object.entries(request.query ?? {}).map(([k, v]) => [k, String(v)]));
  if ([...query].length > 0) url += `?${query}`;
  return {
    method: operation.method,
    url,
    headers: { ...(request.as ? bearer(request.as.token) : {}), ...(request.headers ?? {}) },
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  };
}

/**
 * What a 400 says: its field messages, or its message when it names no field. A file POST /imports cannot
 * read is refused on `content` with "Line {n}: " and the reader's words for that format (docs/import.md):
 * the contract states that form, not every reader's sentence.
 */
function messagesOf(response: LightMyRequestResponse): string[] {
  const body = response.json() as { message: string; errors?: { field: string; message: string }[] };
  if (!body.errors || body.errors.length === 0) return [body.message];
  return body.errors
    .filter((e) => !(e.field === 'content' && /^Line \d+: \S/.test(e.message)))
    .map((e) => e.message);
}

for (const engine of ['pglite', 'postgres'] as const) {
  describe(`contract on ${engine}: a request valid by openapi.yaml is refused only for a reason it states`, () => {
    const ctx = useTestContext(engine);
    let spec: SpecContext;
    let world: World;
    let admin: Awaited<ReturnType<typeof register>>;

    beforeAll(async () => {
      const limitsOff = Object.fromEntries(RATE_LIMIT_VARIABLES.map(([name]) => [name, 'off']));
      const app = await ctx.buildApp(
        { ...limitsOff, ADMIN_EMAILS: ADMIN_EMAIL, LOG_LEVEL: 'silent' },
        { limits: { login: UNLIMITED, passphrase: UNLIMITED } },
      );
      admin = await register(app, 'admin', ADMIN_EMAIL);
      world = await buildWorld(app, admin);
      let counter = 0;
      spec = {
        app,
        db: ctx.db,
        world,
        email: (prefix = 'valid') => uniqueEmail(`${prefix}${++counter}`),
        key: () => `valid-key-${++counter}-${crypto.randomUUID()}`,
      };
    }, 120_000);

    const operations = [...contract.operations.values()].filter(
      (op) => op.body || op.parameters.some((p) => p.in === 'query' && p.name !== 'cursor'),
    );
    for (const operation of operations) {
      it(`${operation.id}: ${RUNS} valid requests, no unstated 400, no 5xx`, async () => {
        const op = OPERATIONS[operation.id as OperationId];
        if (!(await worldIsIntact(ctx.db, world))) {
          world = await buildWorld(spec.app, admin);
          spec.world = world;
        }
        let target: Target | null = null;
        const unstated = new Map<string, string>();
        await fc.assert(
          fc.asyncProperty(changeArbitrary(operation, world.ids), async (change) => {
            if (op.target && !target) target = await op.target(spec);
            const request = applyChange(await op.valid(spec, target ?? {}), change);
            const response = await spec.app.inject(injectOf(operation, request));
            const where = `${describeValue(change)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
            expect(response.statusCode, where).toBeLessThan(500);
            if (response.statusCode < 300 && op.target) target = null;
            if (response.statusCode !== 400) return;
            for (const message of messagesOf(response)) if (!stated(message)) unstated.set(message, where);
          }),
          { seed: SEED, numRuns: RUNS },
        );
        // One line per message (a currency code or an id in it does not make another one).
        const lines = new Map<string, string>();
        for (const [m, w] of unstated)
          lines.set(m.replace(/[A-Z]{3}$|[0-9a-f-]{36}/g, '…'), `${m}\n    e.g. ${w}`);
        expect([...lines.values()]).toEqual([]);
      }, 300_000);
    }
  });
}
