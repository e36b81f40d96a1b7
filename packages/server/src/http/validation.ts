import { hasVisibleCharacter, MIN_NAME_LENGTH, NAME_PATTERN, VISIBLE_CHARACTER_PATTERN } from '@kitty/domain';
import type { ErrorObject, Options } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import type { FastifySchema } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import type { FieldError } from './errors';
import { addContractFormats } from './formats';
import type { JsonSchema, Operation } from './contract';

// OpenAPI 3.1 schemas are JSON Schema 2020-12. Bodies are never coerced ("12" is not 12); query strings,
// path parameters and headers are text by nature, so they are.
const common: Options = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  verbose: true,
  strictSchema: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
};

export function createValidators() {
  const body = addContractFormats(new Ajv2020({ ...common, coerceTypes: false }));
  // strictNumbers (ajv's default) skips minimum/maximum for a value coerced to Infinity ("limit=1e400"):
  // without it the bounds refuse it. Every number parameter of the contract has bounds.
  const text = addContractFormats(new Ajv2020({ ...common, coerceTypes: 'array', strictNumbers: false }));
  return ({ schema, httpPart }: { schema: JsonSchema; httpPart?: string }) =>
    (httpPart === 'body' ? body : text).compile(schema);
}

/** The Fastify route schema of an operation: body, querystring, params and headers from openapi.yaml. */
export function routeSchema(operation: Operation): FastifySchema {
  const schema: FastifySchema = {};
  if (operation.body) schema.body = operation.body.schema;
  const query = objectOf(operation, 'query', (name) => name);
  const params = objectOf(operation, 'path', (name) => name);
  const headers = objectOf(operation, 'header', (name) => name.toLowerCase());
  if (query) schema.querystring = query;
  if (params) schema.params = params;
  if (headers) schema.headers = headers;
  // Successful answers are written by fast-json-stringify from their contract schema (Fastify's response
  // schemas): faster than JSON.stringify, and a field the contract does not name is never sent.
  const response = Object.entries(operation.responses).filter(
    (entry): entry is [string, JsonSchema] => /^2\d\d$/.test(entry[0]) && entry[1] !== null,
  );
  if (response.length > 0) schema.response = Object.fromEntries(response);
  return schema;
}

function objectOf(operation: Operation, where: 'query' | 'path' | 'header', key: (name: string) => string) {
  const parameters = operation.parameters.filter((parameter) => parameter.in === where);
  if (parameters.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [key(p.name), p.schema ?? {}])),
    required: parameters.filter((p) => p.required || where === 'path').map((p) => key(p.name)),
  };
}

// When one field breaks several rules, the first of these is the one reported.
const PRIORITY = ['required', 'type', 'const', 'enum', 'format', 'pattern', 'minLength', 'maxLength'];

/** One human-readable message per failing field, in the order the fields failed. */
export function fieldErrors(
  errors: (FastifySchemaValidationError | ErrorObject)[],
  part?: string,
): FieldError[] {
  const best = new Map<string, ErrorObject>();
  for (const error of errors as ErrorObject[]) {
    const field = fieldOf(error, part);
    const current = best.get(field);
    if (!current || rank(error) < rank(current)) best.set(field, error);
  }
  return [...best].map(([field, error]) => ({
    field,
    message:
      messageOf(error) ??
      PATTERN_MESSAGES[String((error.params as { pattern?: unknown }).pattern)]?.(field, error.data) ??
      `${field} ${describe(error, field)}`,
  }));
}

/** Keywords whose refusal is not the rule `x-message` words: a wrong type, a missing field, too long a value. */
const NOT_X_MESSAGE = new Set(['type', 'required', 'maxLength', 'maxItems']);

/**
 * A field whose schema in openapi.yaml has `x-message` is refused in the words the service uses for the same
 * rule ("Please enter a group name"), whichever keyword failed, except those of NOT_X_MESSAGE ("name must be at
 * most 100 characters").
 */
function messageOf(error: ErrorObject): string | undefined {
  if (NOT_X_MESSAGE.has(error.keyword)) return undefined;
  const message = (error.parentSchema as Record<string, unknown> | undefined)?.['x-message'];
  return typeof message === 'string' ? message : undefined;
}

/**
 * Patterns of openapi.yaml that restate a rule a service also checks: refused by the contract, they say
 * what the service says (and what the contract quotes), not "is not in the expected format".
 */
const PATTERN_MESSAGES: Record<string, (field: string, value: unknown) => string> = {
  '^(USD|EUR|GBP|CZK|MXN|CAD|AUD|CHF|JPY|PLN|SEK|NOK|DKK|HUF|INR|CNY|BRL|NZD)$': (_field, value) =>
    `Unknown currency ${String(value)}`,
  // The Email schema: the domain's EMAIL_PATTERN, in the domain's words (the spec's, for adding a person).
  '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$': () => 'Please enter a valid email address',
  // A registering person's names: a visible character, and two characters once trimmed (accountValidation.ts).
  [NAME_PATTERN]: (field, value) =>
    hasVisibleCharacter(String(value))
      ? `${field} must be at least ${MIN_NAME_LENGTH} characters`
      : `${field} is required`,
  // Every naming field without words of its own: one that shows nothing is an empty one (visibleText.ts).
  [VISIBLE_CHARACTER_PATTERN]: (field) => `${field} is required`,
};

function rank(error: ErrorObject): number {
  const index = PRIORITY.indexOf(error.keyword);
  return index === -1 ? PRIORITY.length : index;
}

function fieldOf(error: ErrorObject, part?: string): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') segments.push(String(params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(params.additionalProperty));
  if (error.keyword === 'unevaluatedProperties') segments.push(String(params.unevaluatedProperty));
  if (segments.length === 0) return part === 'querystring' ? 'query' : (part ?? 'body');
  return segments.join('.');
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'empty',
};

function describe(error: ErrorObject, field: string): string {
  const params = error.params as Record<string, unknown>;
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'type': {
      const types = String(params.type)
        .split(',')
        .filter((type) => type !== 'null');
      return `must be ${types.map((type) => TYPE_NAMES[type] ?? type).join(' or ')}`;
    }
    case 'minLength':
      return error.data === '' ? 'is required' : `must be at least ${params.limit} characters`;
    case 'maxLength':
      return `must be at most ${params.limit} characters`;
    case 'pattern':
    case 'format':
      if (parent.format === 'email' || /(^|\.|_)e-?mail$/i.test(field))
        return 'must be a valid e-mail address';
      return formatMessage(String(params.format ?? ''));
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'minimum':
      return `must be at least ${params.limit}`;
    case 'maximum':
      return `must be at most ${params.limit}`;
    case 'exclusiveMinimum':
      return `must be greater than ${params.limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${params.limit}`;
    case 'multipleOf':
      return `must be a multiple of ${params.multipleOf}`;
    case 'minItems':
      return `must have at least ${params.limit} ${Number(params.limit) === 1 ? 'item' : 'items'}`;
    case 'maxItems':
      return `must have at most ${params.limit} items`;
    case 'uniqueItems':
      return 'must not list the same item twice';
    case 'minProperties':
      return `must have at least ${params.limit} ${Number(params.limit) === 1 ? 'entry' : 'entries'}`;
    case 'maxProperties':
      return `must have at most ${params.limit} entries`;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'is not an accepted field';
    default:
      return 'is not valid';
  }
}

function formatMessage(format: string): string {
  switch (format) {
    case 'date':
      return 'must be a date like 2024-12-31';
    case 'date-time':
      return 'must be a date and time like 2024-12-31T18:30:00Z';
    case 'uuid':
      return 'must be a valid id';
    case 'uri':
    case 'url':
      return 'must be a valid web address';
    default:
      return 'is not in the expected format';
  }
}
