import fc from 'fast-check';
import { type Raw, raw } from './raw-json';

/** Texts that have broken servers before: injections, Unicode edges, control characters, lookalikes. */
export const HOSTILE_TEXTS: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud800y',
  '\udc00\ud800',
  '\u202eevil\u202c',
  '\u200f\u200e\u200b\u2060',
  '\ufeff',
  '\uffff\ufffe',
  '\u{10ffff}',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0302\u0303',
  `a${'\u0301'.repeat(3000)}`,
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗͙',
  'İstanbul ß ﬃ ǅ',
  '𝕳𝖊𝖑𝖑𝖔',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(10)',
  '$1',
  '{"$gt":""}',
  '{"$where":"1"}',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '%',
  '%zz',
  '%ED%A0%80',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection, sent as text
  '${7*7}',
  '{{7*7}}',
  '\\',
  '"',
  "'",
  '`',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  'temp-123',
  '\r\nSet-Cookie: x=1',
  '=cmd|"/c calc"!A1',
  '@SUM(1+1)*cmd',
];

/** JSON number literals at the edges: written verbatim into the body. */
export const HOSTILE_NUMBER_LITERALS: readonly string[] = [
  '0',
  '-0',
  '0.0',
  '-1',
  '0.001',
  '0.005',
  '10.005',
  '1.999',
  '0.1e1',
  '1e2',
  '1E-2',
  '5e-324',
  '1e-400',
  '1e308',
  '-1e308',
  '1.7976931348623157e308',
  '1e400',
  '-1e400',
  '9007199254740991',
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '1000000000',
  '1000000000.01',
  '999999999.99',
  '0.30000000000000004',
];

/** Numbers sent as text, which a careless parser would accept. */
export const NUMBERS_AS_TEXT: readonly string[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '12.50',
  '1,5',
  '0x10',
  '1e3',
  ' 7 ',
  '٣',
];

/** Dates and times outside what a person would enter, or not quite ISO 8601. */
export const HOSTILE_DATES: readonly string[] = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '1000-01-01T00:00:00Z',
  '1900-01-01T00:00:00Z',
  '1969-12-31T23:59:59Z',
  '1970-01-01T00:00:00Z',
  '2024-02-29T12:00:00Z',
  '2023-02-29T12:00:00Z',
  '2024-02-30T00:00:00Z',
  '2024-13-01T00:00:00Z',
  '2024-01-01T24:00:00Z',
  '2024-01-01T23:59:60Z',
  '2016-12-31T23:59:60Z',
  '2024-01-01T00:00:00+25:00',
  '2024-01-01T00:00:00-23:59',
  '2024-01-01T00:00:00.123456789Z',
  '2024-01-01t00:00:00z',
  '2024-01-01 00:00:00Z',
  '2024-01-01',
  '2038-01-19T03:14:08Z',
  '2999-12-31T23:59:59Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59-12:00',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '294277-01-01T00:00:00Z',
  'now',
  'today',
];

export const UUID_LIKE: readonly string[] = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-00000000000g',
  '00000000-0000-0000-0000-0000000000001',
  '00000000-0000-0000-0000-00000000000',
  '{00000000-0000-0000-0000-000000000000}',
  '00000000000000000000000000000000',
  'urn:uuid:00000000-0000-0000-0000-000000000000',
];

const texts = fc.constantFrom(...HOSTILE_TEXTS);

/** A text that is hostile in content or size. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: texts },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_DATES, ...NUMBERS_AS_TEXT, ...UUID_LIKE) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(texts, texts).map(([a, b]) => `${a}${b}`) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('a', 'é', '💸', '\u0000', ' ', "'"),
        fc.constantFrom(65, 101, 201, 256, 2001, 70_000),
      )
      .map(([unit, count]) => unit.repeat(count)),
  },
);

/** Deeply nested arrays or objects, as text (parsers and validators that recurse are the target). */
export const deepNesting: fc.Arbitrary<Raw> = fc
  .tuple(fc.constantFrom(64, 1_000, 20_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? raw(`${'['.repeat(depth)}1${']'.repeat(depth)}`)
      : raw(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  );

/** Oversized collections (below and above the body limit). */
export const oversized: fc.Arbitrary<Raw> = fc.constantFrom(
  raw(`[${Array.from({ length: 5_000 }, (_, i) => i).join(',')}]`),
  raw(`[${Array.from({ length: 300 }, () => '"00000000-0000-0000-0000-000000000000"').join(',')}]`),
  raw(`{${Array.from({ length: 2_000 }, (_, i) => `"k${i}":1`).join(',')}}`),
  raw(JSON.stringify('x'.repeat(1_100_000))),
);

/** Prototype pollution and other keys that are special in JavaScript, as text. */
export const specialKeys: fc.Arbitrary<Raw> = fc.constantFrom(
  raw('{"__proto__":{"admin":true}}'),
  raw('{"constructor":{"prototype":{"admin":true}}}'),
  raw('{"toString":1,"valueOf":"x","hasOwnProperty":null}'),
  raw('{"a":1,"a":2}'),
);

/** Any JSON value a field should not hold: wrong types, edge numbers, hostile texts, nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileText },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBER_LITERALS).map(raw) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBERS_AS_TEXT, ...HOSTILE_DATES) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [''], { '': '' }) },
  { weight: 1, arbitrary: fc.double().map((d) => (Number.isFinite(d) ? raw(String(d)) : String(d))) },
  { weight: 1, arbitrary: fc.integer().map((n) => n) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: oversized },
  { weight: 1, arbitrary: specialKeys },
);
