import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import { afterAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH, validateOpenapi } from '../scripts/validate-openapi.mjs';

type Node = Record<string, unknown>;
const doc = parseYaml(readFileSync(OPENAPI_PATH, 'utf8')) as Node;

/** Every call of spec section 7, paths without the /api base. */
const SECTION_7 = [
  'POST /users/register',
  'POST /users/login',
  'GET /users/profile',
  'GET /users/search',
  'GET /users/check-email',
  'POST /users/invite',
  'GET /account-settings',
  'PUT /account-settings',
  'PUT /account-settings/password',
  'GET /groups',
  'GET /groups/{id}',
  'POST /groups',
  'PUT /groups/{id}/settings',
  'POST /groups/{id}/leave',
  'GET /groups/search',
  'GET /groups/{groupId}/export',
  'DELETE /groups/{id}',
  'POST /groups/{id}/members',
  'GET /expenses/categories',
  'POST /expenses',
  'GET /expenses/user',
  'GET /expenses/group/{id}',
  'GET /expenses/{id}',
  'PUT /expenses/{id}',
  'DELETE /expenses/{id}',
  'GET /balance/summary',
  'GET /financial/balances/group/{groupId}',
  'GET /financial/settlement-suggestions',
  'GET /financial/settlement-suggestions/group/{groupId}',
  'POST /financial/settle/{expenseId}',
  'POST /financial/settlements',
  'GET /financial/balance',
  'GET /financial/group/{groupId}/balance',
  'GET /financial/debts',
  'GET /financial/group/{groupId}/debts',
  'POST /financial/debts/{debtId}/settle',
  'GET /financial/settlements',
  'GET /financial/settlements/group/{groupId}',
  'GET /config',
  'GET /config/categories',
  'GET /config/currencies',
  'GET /config/split-types',
  'PUT /config',
];
const SYSTEM = ['GET /health', 'GET /client-config'];
/** Beyond section 7: comments on an expense (issue 23). */
const COMMENTS = [
  'GET /expenses/{id}/comments',
  'POST /expenses/{id}/comments',
  'DELETE /expenses/{id}/comments/{commentId}',
];
/** Beyond section 7: declining (README, "Where we read the spec differently"). */
const DECLINES = ['POST /expenses/decline/{id}', 'POST /financial/settlements/decline/{id}'];
/** Beyond section 7: proving an address and resetting a password (README, "E-mail addresses and passwords"). */
const MAIL_LINKS = [
  'POST /auth/verify-email',
  'POST /auth/resend-verification',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
];
/** Beyond section 7: a group's history (issue 23). */
const HISTORY = ['GET /groups/{id}/history'];
/** Beyond section 7: recurring expenses, receipts and statistics (issue 24). */
const ISSUE_24 = [
  'GET /groups/{id}/recurring-expenses',
  'POST /groups/{id}/recurring-expenses',
  'GET /recurring-expenses/{id}',
  'PUT /recurring-expenses/{id}',
  'POST /recurring-expenses/{id}/status',
  'GET /expenses/{id}/receipts',
  'POST /expenses/{id}/receipts',
  'GET /expenses/{id}/receipts/{receiptId}',
  'DELETE /expenses/{id}/receipts/{receiptId}',
  'GET /expenses/{id}/receipts/{receiptId}/thumbnail',
  'GET /groups/{id}/statistics',
  'GET /statistics',
];
const ISSUE_25 = ['GET /groups/{id}/archive', 'POST /imports'];
const ISSUE_26 = ['GET /events'];
const BLOCKS = ['GET /blocks', 'PUT /blocks/{id}', 'DELETE /blocks/{id}'];
const PUBLIC = [
  'GET /health',
  'GET /client-config',
  'POST /users/register',
  'POST /users/login',
  'POST /auth/verify-email',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
];
const CREATES = [
  'POST /groups',
  'POST /expenses',
  'POST /financial/settlements',
  'POST /financial/settle/{expenseId}',
  'POST /financial/debts/{debtId}/settle',
  'POST /users/invite',
  'POST /expenses/{id}/comments',
  'POST /groups/{id}/recurring-expenses',
  'POST /expenses/{id}/receipts',
  'POST /imports',
];
const MONEY = new Set([
  'amount',
  'balance',
  'total_balance',
  'net_balance',
  'paid',
  'owed',
  'net',
  'total_flow',
  'new_balance',
  'current_total_debt',
  'remaining_debt',
]);

function resolve(node: unknown): Node {
  let current = node as Node;
  while (typeof current.$ref === 'string') {
    const pointer = (current.$ref as string).replace(/^#\//, '').split('/');
    current = pointer.reduce<Node>((at, key) => at[key] as Node, doc);
  }
  return current;
}

interface Operation {
  key: string;
  path: string;
  op: Node;
  params: Node[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operations: Operation[] = Object.entries(doc.paths as Record<string, Node>).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((m) => {
    const op = item[m] as Node;
    const params = [...((item.parameters as Node[]) ?? []), ...((op.parameters as Node[]) ?? [])].map(
      resolve,
    );
    return { key: `${m.toUpperCase()} ${path}`, path, op, params };
  }),
);
const byKey = new Map(operations.map((o) => [o.key, o]));

/** Every schema reachable from `node`, each once, with the property name that led to it. */
function* walk(node: unknown, name = '', seen = new Set<unknown>()): Generator<[string, Node]> {
  if (typeof node !== 'object' || node === null) return;
  const schema = resolve(node);
  if (seen.has(schema)) return;
  seen.add(schema);
  yield [name, schema];
  for (const [key, child] of Object.entries((schema.properties as Record<string, unknown>) ?? {})) {
    yield* walk(child, key, seen);
  }
  for (const key of ['items', 'additionalProperties']) yield* walk(schema[key], name, seen);
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const part of (schema[key] as unknown[]) ?? []) yield* walk(part, name, seen);
  }
}

function bodySchemas(op: Node): Node[] {
  const body = op.requestBody ? resolve(op.requestBody) : undefined;
  const responses = Object.values((op.responses as Record<string, unknown>) ?? {}).map(resolve);
  // A request is JSON or, for a receipt, multipart/form-data; answers are read as JSON.
  const request = body?.content as Record<string, Node> | undefined;
  const requestSchema = (request?.['application/json'] ?? request?.['multipart/form-data'])?.schema as Node;
  return [
    requestSchema,
    ...responses.map(
      (r) => (r?.content as Record<string, Node> | undefined)?.['application/json']?.schema as Node,
    ),
  ].filter(Boolean);
}

describe('openapi.yaml', () => {
  it('is a valid OpenAPI 3.1 document (Redocly recommended-strict rules)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(await validateOpenapi()).toEqual([]);
  }, 30_000);

  describe('the validator', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kitty-openapi-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('reports a reference to a schema that does not exist', async () => {
      const broken = join(dir, 'broken.yaml');
      const yaml = readFileSync(OPENAPI_PATH, 'utf8');
      writeFileSync(
        broken,
        yaml.replace("$ref: '#/components/schemas/Health'", "$ref: '#/components/schemas/Nope'"),
      );
      expect((await validateOpenapi(broken)).join('\n')).toContain('no-unresolved-refs');
    }, 30_000);
  });

  it('has every call of spec section 7 under the /api base path, and nothing else', () => {
    expect((doc.servers as Node[])[0]?.url).toBe('/api');
    expect(operations.map((o) => o.key).sort()).toEqual(
      [
        ...SECTION_7,
        ...SYSTEM,
        ...DECLINES,
        ...MAIL_LINKS,
        ...COMMENTS,
        ...HISTORY,
        ...ISSUE_24,
        ...ISSUE_25,
        ...ISSUE_26,
        ...BLOCKS,
      ].sort(),
    );
  });

  it('gives every operation a unique operationId, tags and a summary', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const { key, op } of operations) {
      expect(op.operationId, key).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.tags, key).toHaveLength(1);
      expect(op.summary, key).toEqual(expect.any(String));
    }
  });

  it('requires the bearer token everywhere except health, client-config, register, login and the mailed links', () => {
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const { key, op } of operations) {
      if (PUBLIC.includes(key)) expect(op.security, key).toEqual([]);
      else {
        expect(op.security, key).toBeUndefined();
        expect(Object.keys(op.responses as Node), key).toContain('401');
      }
    }
  });

  it('answers 400 for any input and 404 for any id in the path', () => {
    for (const { key, op, params } of operations) {
      const codes = Object.keys(op.responses as Node);
      if (op.requestBody || params.length > 0) expect(codes, key).toContain('400');
      if (params.some((p) => p.in === 'path')) expect(codes, key).toContain('404');
    }
  });

  it('accepts an Idempotency-Key on every creation and decline, answering 422 to a reused key', () => {
    for (const key of [...CREATES, ...DECLINES]) {
      const { op, params } = byKey.get(key)!;
      expect(
        params.map((p) => p.name),
        key,
      ).toContain('Idempotency-Key');
      expect(Object.keys(op.responses as Node), key).toContain('422');
    }
    const creates = operations.filter((o) => o.params.some((p) => p.name === 'Idempotency-Key'));
    expect(creates.map((o) => o.key).sort()).toEqual([...CREATES, ...DECLINES].sort());
  });

  it('refuses non-payers deleting an expense with 403, and stale versions with 409', () => {
    expect(Object.keys(byKey.get('DELETE /expenses/{id}')!.op.responses as Node)).toContain('403');
    expect(Object.keys(byKey.get('PUT /expenses/{id}')!.op.responses as Node)).toContain('409');
    expect(Object.keys(byKey.get('PUT /groups/{id}/settings')!.op.responses as Node)).toContain('409');
    expect(Object.keys(byKey.get('PUT /config')!.op.responses as Node)).toContain('403');
  });

  it('paginates the expense and settlement lists with limit (1..100, default 20) and cursor', () => {
    const paginated = [
      'GET /expenses/user',
      'GET /expenses/group/{id}',
      'GET /financial/settlements',
      'GET /financial/settlements/group/{groupId}',
    ];
    for (const key of paginated) {
      const { op, params } = byKey.get(key)!;
      const limit = params.find((p) => p.name === 'limit');
      expect(limit?.schema, key).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
      expect(
        params.map((p) => p.name),
        key,
      ).toContain('cursor');
      const page = resolve(bodySchemas(op)[0]);
      expect(page.required, key).toContain('nextCursor');
    }
  });

  it('describes every money field as a number with at most two decimals (in the archive file: an exact decimal string), never with multipleOf', () => {
    let moneyFields = 0;
    for (const { op } of operations) {
      for (const schema of bodySchemas(op)) {
        for (const [name, node] of walk(schema)) {
          expect(node.multipleOf, name).toBeUndefined();
          if (!MONEY.has(name) || node.type === 'object') continue;
          moneyFields++;
          // The archive is a file to keep: its amounts are exact decimal strings, not JSON numbers.
          if (node.type === 'string') {
            expect(node.description, name).toMatch(/exact decimal amount as text/);
            continue;
          }
          expect(node.type, name).toBe('number');
          expect(node.description, name).toMatch(/decimal, at most two decimals/);
        }
      }
    }
    expect(moneyFields).toBeGreaterThan(20);
  });

  it('lists the required fields of every object schema that has properties', () => {
    const allOptional = new Set(['SplitDetails', 'DefaultSplitConfig']);
    for (const [name, schema] of Object.entries((doc.components as Node).schemas as Record<string, Node>)) {
      if (schema.properties && !allOptional.has(name))
        expect(schema.required, name).toEqual(expect.any(Array));
    }
  });

  it('spells currencies as three capitals, takes only supported ones, and split types as the five known ones', () => {
    const schemaList = (doc.components as Node).schemas as Record<string, Node>;
    expect(schemaList.Currency?.pattern).toBe('^[A-Z]{3}$');
    const supported = schemaList.SupportedCurrency?.pattern ?? '';
    expect(supported).toMatch(/^\^\((?:[A-Z]{3}\|)*[A-Z]{3}\)\$$/);
    expect(schemaList.SplitType?.enum).toEqual(['equal', 'percentage', 'shares', 'exact', 'adjustment']);
    for (const { op } of operations) {
      const [request, ...answers] = op.requestBody ? bodySchemas(op) : [undefined, ...bodySchemas(op)];
      // What a client sends names a currency Kitty supports (the list: server test/openapi.test.ts); an
      // answer names any three capitals.
      for (const [schemas, pattern] of [
        [[request], supported],
        [answers, '^[A-Z]{3}$'],
      ] as const) {
        for (const schema of schemas) {
          for (const [name, node] of walk(schema)) {
            // An answer that repeats what was sent (a recurring expense's `expense`) keeps the supported list.
            if (name === 'currency' && node.type === 'string')
              expect([pattern, supported], name).toContain(node.pattern);
            if (name === 'split_type' || name === 'default_split_type' || name === 'default_split') {
              expect(node.enum, name).toEqual(schemaList.SplitType?.enum);
            }
          }
        }
      }
    }
  });

  it('bounds every string, array and number a client sends', () => {
    const unbounded: string[] = [];
    for (const { key, op, params } of operations) {
      const inputs = [...params.map((p) => p.schema), op.requestBody ? bodySchemas(op)[0] : undefined];
      for (const input of inputs) {
        for (const [name, node] of walk(input)) {
          const types = [node.type].flat();
          const where = `${key} ${name}`;
          if (types.includes('string') && !node.enum && node.maxLength === undefined) unbounded.push(where);
          if (types.includes('array') && node.maxItems === undefined) unbounded.push(where);
          const numeric = types.includes('number') || types.includes('integer');
          if (numeric && node.maximum === undefined && node.exclusiveMaximum === undefined)
            unbounded.push(where);
        }
      }
    }
    expect(unbounded, unbounded.join(', ')).toEqual([]);
  });
});
