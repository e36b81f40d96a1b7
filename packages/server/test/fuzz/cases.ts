import fc from 'fast-check';
import type { Operation } from '../../src/http/contract';
import {
  deepNesting,
  HOSTILE_NUMBER_LITERALS,
  hostileText,
  hostileValue,
  NUMBERS_AS_TEXT,
  UUID_LIKE,
} from './hostile';
import type { Raw } from './raw-json';
import { arbitraryFor } from './schema-arb';
import { BUFFERS, CONTENT_TYPES, HEADER_TEXTS, RAW_BODIES, VERBATIM_SEGMENTS } from './transport';

/** Who sends the case: the valid caller, someone else with real data, nobody, or a bad Authorization header. */
export type Persona =
  | { kind: 'valid' }
  | { kind: 'person'; who: 'owner' | 'member' | 'third' | 'stranger' | 'admin' }
  | { kind: 'authorization'; value: string | null };

/** One change to a valid request. */
export type Mutation =
  | { kind: 'path'; name: string; value: string; verbatim: boolean }
  | { kind: 'query-set'; name: string; value: string; verbatim?: boolean }
  | { kind: 'query-drop'; name: string }
  | { kind: 'query-repeat'; name: string; value: string }
  | { kind: 'query-bracket'; name: string; suffix: string; value: string }
  | { kind: 'query-raw'; text: string }
  | { kind: 'header'; name: string; value: string | null }
  | { kind: 'method'; method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'OPTIONS' }
  | { kind: 'content-type'; value: string | null }
  | { kind: 'raw-body'; payload: Raw | Buffer }
  | { kind: 'no-body' }
  | { kind: 'field-replace'; pick: number; value: unknown }
  | { kind: 'field-typed'; pick: number; n: number }
  | { kind: 'field-delete'; pick: number }
  | { kind: 'field-extra'; pick: number; key: string; value: unknown }
  | { kind: 'field-rename'; pick: number; key: string }
  | { kind: 'item-repeat'; pick: number }
  | { kind: 'schema-body'; value: unknown };

export interface Case {
  persona: Persona;
  mutations: Mutation[];
}

/** Bad Authorization headers, made once per run (some are signed tokens). */
export interface BadTokens {
  /** `alg: none`, another secret, expired, unknown user, a token with its signature cut. */
  tokens: string[];
}

/** Real values of the fuzz world that hostile variants start from. */
export interface Pools {
  /** Every id: people, groups, expenses, settlements, debts. */
  ids: string[];
  /** Real next-page cursors of the lists. */
  cursors: string[];
}

export function caseArbitrary(operation: Operation, pools: Pools, bad: BadTokens): fc.Arbitrary<Case> {
  const { ids } = pools;
  const realId = fc.constantFrom(...ids);
  const mutations: fc.WeightedArbitrary<Mutation>[] = [];
  const pathNames = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const headerNames = operation.parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase());

  if (pathNames.length > 0) mutations.push({ weight: 6, arbitrary: pathMutation(pathNames, realId) });
  mutations.push({ weight: queryNames.length > 0 ? 5 : 1, arbitrary: queryMutation(queryNames) });
  if (queryNames.includes('cursor')) mutations.push({ weight: 3, arbitrary: cursorMutation(pools, realId) });
  mutations.push({ weight: 2, arbitrary: headerMutation(headerNames) });
  mutations.push({
    weight: 1,
    arbitrary: fc
      // Not DELETE: the valid requests of reads name the world's own group and expenses.
      .constantFrom('GET', 'POST', 'PUT', 'PATCH', 'OPTIONS' as const)
      .map((method) => ({ kind: 'method', method }) as Mutation),
  });
  if (operation.body) {
    const schemaBody = arbitraryFor(operation.body.schema, { ids: realId }).map(
      (value): Mutation => ({ kind: 'schema-body', value }),
    );
    mutations.push(
      { weight: 12, arbitrary: fieldMutation(realId) },
      { weight: 3, arbitrary: schemaBody },
      { weight: 3, arbitrary: bodyMutation() },
    );
  } else {
    mutations.push({ weight: 1, arbitrary: bodyMutation() });
  }
  const mutation = fc.oneof(...mutations);
  return fc.record({
    persona: personaArbitrary(bad),
    mutations: fc.oneof(
      { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
      { weight: 8, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 1 }) },
      { weight: 2, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 3 }) },
    ),
  });
}

function personaArbitrary(bad: BadTokens): fc.Arbitrary<Persona> {
  return fc.oneof(
    { weight: 14, arbitrary: fc.constant<Persona>({ kind: 'valid' }) },
    {
      weight: 3,
      arbitrary: fc
        .constantFrom('owner', 'member', 'third', 'stranger', 'admin' as const)
        .map((who): Persona => ({ kind: 'person', who })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom<string | null>(
          null,
          '',
          'Bearer',
          'Bearer ',
          'Bearer null',
          'Bearer a.b.c',
          'Bearer eyJhbGciOiJIUzI1NiJ9.e30.',
          'Basic dXNlcjpwYXNz',
          'bearer  x  y',
          `Bearer ${'a'.repeat(10_000)}`,
          ...bad.tokens.map((token) => `Bearer ${token}`),
          ...HEADER_TEXTS.map((text) => `Bearer ${text}`),
        )
        .map((value): Persona => ({ kind: 'authorization', value })),
    },
  );
}

function pathMutation(names: string[], realId: fc.Arbitrary<string>): fc.Arbitrary<Mutation> {
  const name = fc.constantFrom(...names);
  const encoded = fc.oneof(
    { weight: 4, arbitrary: realId },
    { weight: 1, arbitrary: realId.map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: realId.map((id) => `${id} `) },
    { weight: 1, arbitrary: realId.map((id) => `${id}\u0000`) },
    { weight: 1, arbitrary: realId.map((id) => id.slice(0, -1)) },
    { weight: 2, arbitrary: fc.constantFrom(...UUID_LIKE) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 4, arbitrary: hostileText.filter((text) => text.length > 0) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBER_LITERALS, ...NUMBERS_AS_TEXT) },
  );
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .record({ name, value: encoded })
        .map((m) => ({ kind: 'path', ...m, verbatim: false }) as Mutation),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({ name, value: fc.constantFrom(...VERBATIM_SEGMENTS) })
        .map((m) => ({ kind: 'path', ...m, verbatim: true }) as Mutation),
    },
  );
}

function queryMutation(names: string[]): fc.Arbitrary<Mutation> {
  const junkNames = [
    '__proto__',
    'constructor',
    'limit',
    'cursor',
    'version',
    'term',
    'x',
    '',
    'a[b]',
    '$where',
  ];
  const name = fc.constantFrom(...(names.length > 0 ? names : junkNames));
  const value = fc.oneof(
    { weight: 3, arbitrary: hostileText },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBER_LITERALS, ...NUMBERS_AS_TEXT) },
    { weight: 1, arbitrary: fc.constantFrom('true', 'false', '1', '0', 'yes', '') },
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ name, value }).map((m) => ({ kind: 'query-set', ...m }) as Mutation),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ name, value: fc.constantFrom(...VERBATIM_SEGMENTS) })
        .map((m) => ({ kind: 'query-set', ...m, verbatim: true }) as Mutation),
    },
    { weight: 2, arbitrary: name.map((n) => ({ kind: 'query-drop', name: n }) as Mutation) },
    {
      weight: 2,
      arbitrary: fc.record({ name, value }).map((m) => ({ kind: 'query-repeat', ...m }) as Mutation),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({ name, suffix: fc.constantFrom('[]', '[a]', '[0]', '[__proto__]', '.x'), value })
        .map((m) => ({ kind: 'query-bracket', ...m }) as Mutation),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '&&&',
          '=',
          '==',
          '%',
          'a=%zz',
          '&=&=',
          `${'a=1&'.repeat(3_000)}`,
          `x=${'y'.repeat(20_000)}`,
        )
        .map((text) => ({ kind: 'query-raw', text }) as Mutation),
    },
  );
}

function headerMutation(names: string[]): fc.Arbitrary<Mutation> {
  const value = fc.oneof(
    fc.constantFrom<string | null>(null, ...HEADER_TEXTS),
    fc.constant('fuzz-reused-key'),
  );
  const header = fc.record({
    name: fc.constantFrom(
      ...names,
      'idempotency-key',
      'accept',
      'x-forwarded-for',
      'accept-encoding',
      'origin',
    ),
    value,
  });
  return fc.oneof(
    { weight: 3, arbitrary: header.map((m) => ({ kind: 'header', ...m }) as Mutation) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...CONTENT_TYPES)
        .map((value) => ({ kind: 'content-type', value }) as Mutation),
    },
  );
}

function bodyMutation(): fc.Arbitrary<Mutation> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(...RAW_BODIES).map((payload) => ({ kind: 'raw-body', payload }) as Mutation),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...BUFFERS).map((payload) => ({ kind: 'raw-body', payload }) as Mutation),
    },
    { weight: 1, arbitrary: deepNesting.map((payload) => ({ kind: 'raw-body', payload }) as Mutation) },
    { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'no-body' }) },
  );
}

function fieldMutation(realId: fc.Arbitrary<string>): fc.Arbitrary<Mutation> {
  const pick = fc.nat();
  const key = fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'id', 'version', 'is_settled', 'created_by', ''),
    hostileText,
    realId,
  );
  const value = fc.oneof({ weight: 5, arbitrary: hostileValue }, { weight: 1, arbitrary: realId });
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ pick, value }).map((m) => ({ kind: 'field-replace', ...m }) as Mutation),
    },
    {
      weight: 6,
      arbitrary: fc.record({ pick, n: fc.nat() }).map((m) => ({ kind: 'field-typed', ...m }) as Mutation),
    },
    { weight: 2, arbitrary: pick.map((p) => ({ kind: 'field-delete', pick: p }) as Mutation) },
    {
      weight: 2,
      arbitrary: fc.record({ pick, key, value }).map((m) => ({ kind: 'field-extra', ...m }) as Mutation),
    },
    {
      weight: 1,
      arbitrary: fc.record({ pick, key }).map((m) => ({ kind: 'field-rename', ...m }) as Mutation),
    },
    { weight: 1, arbitrary: pick.map((p) => ({ kind: 'item-repeat', pick: p }) as Mutation) },
  );
}

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Cursors forged in the shapes the lists make (base64url JSON, ids), with values at their edges. */
function cursorMutation(pools: Pools, realId: fc.Arbitrary<string>): fc.Arbitrary<Mutation> {
  const micros = fc.constantFrom(
    '99999999999999999',
    '-99999999999999999',
    '0',
    '-0',
    '00000000000000001',
    '1e5',
    '',
    ' 1',
    '170000000000000000000',
  );
  const forged = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...pools.cursors) },
    { weight: 1, arbitrary: fc.constantFrom(...pools.cursors).map((c) => `${c.slice(0, -2)}${c.slice(-1)}`) },
    { weight: 3, arbitrary: fc.tuple(micros, realId).map((pair) => b64(pair)) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom<unknown>(
          [1, 2],
          ['1'],
          [],
          {},
          null,
          [null, null],
          ['1', '1', '1'],
          [['1'], ['x']],
          '"x"',
          'x',
        )
        .map(b64),
    },
    { weight: 1, arbitrary: fc.tuple(micros, hostileText).map((pair) => b64(pair)) },
  );
  return forged.map((value) => ({ kind: 'query-set', name: 'cursor', value }) as Mutation);
}
