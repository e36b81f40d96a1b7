import fc from 'fast-check';
import type { JsonSchema } from '../../src/http/contract';

type S = Record<string, unknown>;

export interface SchemaArbOptions {
  /** Ids that exist (people, groups, expenses): used for fields that hold an id, and for map keys. */
  ids: fc.Arbitrary<string>;
  /**
   * Also the edges of what the schema allows: texts of spaces, tabs or zero-width characters only, any
   * e-mail-like text its pattern (or its lack of one) lets through, the bounds of numbers, dates in
   * any year the format takes, empty lists. What a server must accept when the contract allows it.
   */
  edges?: boolean;
}

const MAX_ITEMS = 4;
const ID_FIELD = /(^|_)id$|^paid_by$|^participants$|^split_with$|^expenseId$|^groupId$/i;

/**
 * A fast-check arbitrary of values that satisfy a JSON schema from openapi.yaml (the keywords the
 * contract uses: type, enum, const, allOf, oneOf, properties, required, additionalProperties,
 * propertyNames, items, min/max lengths, items and properties, pattern, format, minimum/maximum).
 * Amounts come out with at most two decimals and fields named like ids take existing ids, so a generated
 * body can get past validation into the services.
 */
export function arbitraryFor(
  schema: JsonSchema,
  options: SchemaArbOptions,
  name = '',
): fc.Arbitrary<unknown> {
  const s = schema as S;
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if (Array.isArray(s.allOf)) return arbitraryFor(mergeAllOf(s.allOf as S[]), options, name);
  if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) {
    const choices = ((s.oneOf ?? s.anyOf) as S[]).map((choice) => arbitraryFor(choice, options, name));
    return fc.oneof(...choices);
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : inferTypes(s);
  const arbs = types.map((type) => forType(type, s, options, name));
  return arbs.length === 1 ? (arbs[0] as fc.Arbitrary<unknown>) : fc.oneof(...arbs);
}

function inferTypes(s: S): string[] {
  if (s.properties || s.additionalProperties || s.required) return ['object'];
  if (s.items) return ['array'];
  return ['string'];
}

export function mergeAllOf(parts: S[]): S {
  const merged: S = { type: 'object', properties: {}, required: [] };
  for (const raw of parts) {
    const part = Array.isArray(raw.allOf) ? mergeAllOf(raw.allOf as S[]) : raw;
    Object.assign(merged.properties as S, part.properties ?? {});
    (merged.required as string[]).push(...((part.required as string[] | undefined) ?? []));
    for (const [key, value] of Object.entries(part)) {
      if (!['properties', 'required', 'type', 'allOf'].includes(key)) merged[key] = value;
    }
  }
  return merged;
}

function forType(type: string, s: S, options: SchemaArbOptions, name: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const integers = fc.integer({ min: lowerBound(s, -1000), max: upperBound(s, 1000) });
      if (!options.edges) return integers;
      const bounds = [lowerBound(s, -1000), upperBound(s, 1000)];
      return fc.oneof({ weight: 3, arbitrary: integers }, fc.constantFrom(...bounds));
    }
    case 'number':
      return options.edges ? fc.oneof({ weight: 3, arbitrary: decimal(s) }, numberEdges(s)) : decimal(s);
    case 'string':
      return options.edges
        ? fc.oneof({ weight: 3, arbitrary: text(s, options, name) }, textEdges(s, options, name))
        : text(s, options, name);
    case 'array':
      return array(s, options, name);
    case 'object':
      return object(s, options);
    default:
      throw new Error(`schema-arb: type ${type} is not supported (field ${name || '(root)'})`);
  }
}

function lowerBound(s: S, fallback: number): number {
  if (typeof s.minimum === 'number') return Math.ceil(s.minimum);
  if (typeof s.exclusiveMinimum === 'number') return Math.floor(s.exclusiveMinimum) + 1;
  return fallback;
}

function upperBound(s: S, fallback: number): number {
  const max = typeof s.maximum === 'number' ? s.maximum : fallback;
  return Math.floor(Math.min(max, fallback * 1_000_000));
}

/** Numbers with at most two decimals within the schema's bounds (amounts, percentages). */
function decimal(s: S): fc.Arbitrary<number> {
  const minCents = Math.max(
    typeof s.minimum === 'number' ? Math.ceil(s.minimum * 100) : -100_000,
    typeof s.exclusiveMinimum === 'number' ? Math.floor(s.exclusiveMinimum * 100) + 1 : -100_000,
  );
  const maxCents = typeof s.maximum === 'number' ? Math.min(Math.floor(s.maximum * 100), 100_000) : 100_000;
  return fc.integer({ min: minCents, max: Math.max(minCents, maxCents) }).map((cents) => cents / 100);
}

/** The bounds of a number and the most precise values in them (amounts with two decimals). */
function numberEdges(s: S): fc.Arbitrary<number> {
  const values: number[] = [];
  if (typeof s.minimum === 'number') values.push(s.minimum, s.minimum + 0.01);
  if (typeof s.exclusiveMinimum === 'number') values.push(s.exclusiveMinimum + 0.01);
  if (typeof s.maximum === 'number') values.push(s.maximum, s.maximum - 0.01);
  if (values.length === 0) values.push(0, -0.01, 0.01, 999_999_999.99);
  return fc.constantFrom(...values);
}

const BLANKS = [' ', '   ', '\t', '\u200b', '\u200b\u200c', '\u00a0', '\ufeff', '\u3000', '\u2028'];

/** Texts the schema takes that a form never sends: blank or invisible ones, odd e-mails, far dates. */
function textEdges(s: S, options: SchemaArbOptions, name: string): fc.Arbitrary<string> {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : 60;
  const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : null;
  const fits = (value: string) =>
    value.length >= min && value.length <= max && (!pattern || pattern.test(value));
  if (s.format === 'date-time') {
    return fc
      .date({
        min: new Date('0001-01-01T00:00:00Z'),
        max: new Date('9999-12-31T23:59:59Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  }
  if (s.format === 'date') {
    return fc
      .date({
        min: new Date('0001-01-01T00:00:00Z'),
        max: new Date('9999-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
  }
  if (s.format === 'uuid' || ID_FIELD.test(name) || String(s.description ?? '').startsWith('An id')) {
    return text(s, options, name);
  }
  const candidates = [
    '',
    ...BLANKS,
    'a@b',
    'a@b.c',
    '@b.co',
    'a b@c.co',
    'a@@b.co',
    'plain',
    'A'.repeat(Math.max(min, 1)),
    'x'.repeat(Math.max(0, max)),
  ].filter(fits);
  // Joined blanks only where no pattern could refuse them (a filter that never passes never ends).
  const blanks = pattern
    ? null
    : fc
        .array(fc.constantFrom(...BLANKS), {
          minLength: Math.max(1, min),
          maxLength: Math.max(1, min, Math.min(max, 4)),
        })
        .map((parts) => parts.join('').slice(0, max))
        .filter((value) => value.length >= min);
  if (candidates.length === 0) return blanks ?? text(s, options, name);
  return blanks ? fc.oneof(fc.constantFrom(...candidates), blanks) : fc.constantFrom(...candidates);
}

function text(s: S, options: SchemaArbOptions, name: string): fc.Arbitrary<string> {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : 60;
  const fits = (value: string) => value.length >= min && value.length <= max;
  if (s.format === 'date-time')
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2030-12-31T23:59:59Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  if (s.format === 'date')
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2030-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
  if (s.format === 'uuid') return fc.uuid();
  if (ID_FIELD.test(name) || String(s.description ?? '').startsWith('An id')) return options.ids.filter(fits);
  if (typeof s.pattern === 'string' && /\\p\{|\(\?=/.test(s.pattern)) {
    // Unicode properties and lookaheads (the names that must show something) are beyond stringMatching:
    // graphemes, kept when the pattern takes them.
    const pattern = new RegExp(s.pattern, 'u');
    return fc
      .string({ unit: 'grapheme', minLength: Math.max(min, 1), maxLength: Math.min(max, 30) })
      .filter((value) => fits(value) && pattern.test(value));
  }
  if (typeof s.pattern === 'string') {
    const pattern = /@/.test(s.pattern)
      ? /^[a-z0-9]{1,12}@[a-z0-9]{1,12}\.[a-z]{2,4}$/
      : new RegExp(s.pattern);
    return fc.stringMatching(pattern, { maxLength: Math.min(max, 40) }).filter(fits);
  }
  return fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 30) }).filter(fits);
}

function array(s: S, options: SchemaArbOptions, name: string): fc.Arbitrary<unknown[]> {
  const item = arbitraryFor((s.items ?? {}) as JsonSchema, options, name);
  const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
  if (options.edges && !s.uniqueItems) {
    // The shortest list the schema takes (an empty member list, a single participant).
    const shortest = fc.array(item, { minLength, maxLength: minLength });
    return fc.oneof({ weight: 3, arbitrary: array(s, { ...options, edges: false }, name) }, shortest);
  }
  const maxLength = Math.max(
    minLength,
    Math.min(typeof s.maxItems === 'number' ? s.maxItems : MAX_ITEMS, MAX_ITEMS),
  );
  return s.uniqueItems
    ? fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
    : fc.array(item, { minLength, maxLength });
}

function object(s: S, options: SchemaArbOptions): fc.Arbitrary<Record<string, unknown>> {
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const known = Object.keys(properties);
  const record =
    known.length > 0
      ? fc.record(
          Object.fromEntries(
            known.map((key) => [key, arbitraryFor(properties[key] as JsonSchema, options, key)]),
          ),
          { requiredKeys: known.filter((key) => required.has(key)) },
        )
      : fc.constant({});
  const extra = s.additionalProperties;
  if (!extra || typeof extra !== 'object') return record as fc.Arbitrary<Record<string, unknown>>;
  // A map (user id to amount, currency code to details): keys are ids unless propertyNames says otherwise.
  const keys = s.propertyNames
    ? (arbitraryFor(s.propertyNames as JsonSchema, options) as fc.Arbitrary<string>)
    : options.ids;
  const maxKeys = Math.min(typeof s.maxProperties === 'number' ? s.maxProperties : MAX_ITEMS, MAX_ITEMS);
  const map = fc.dictionary(keys, arbitraryFor(extra as JsonSchema, options), {
    maxKeys,
    noNullPrototype: true,
  });
  return fc
    .tuple(record, map)
    .map(([fixed, entries]) => ({ ...entries, ...(fixed as Record<string, unknown>) }));
}
