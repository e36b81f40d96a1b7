import type { FastifyRequest } from 'fastify';
import { badRequest, type FieldError, invalid } from './errors';

// NUL cannot be stored in a PostgreSQL text value (the database refuses the whole statement), and an
// unpaired surrogate is not Unicode at all (the driver would silently save U+FFFD in its place).
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The contract's deepest body nests 4 levels; code that walks a body (hashing, copying) may recurse. */
export const MAX_NESTING = 32;
export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';

interface Inspection {
  /** Every field (`split_details.amounts.<key>`, `term`) whose text or key holds such a character. */
  unstorable: string[];
  tooDeep: boolean;
}

/** Walks a parsed value depth first without recursion (it may nest deeply), children in document order. */
export function inspectInput(value: unknown): Inspection {
  const unstorable: string[] = [];
  const stack: [unknown, string, boolean, number][] = [[value, '', false, 0]];
  while (stack.length > 0) {
    const [node, field, badKey, depth] = stack.pop() as [unknown, string, boolean, number];
    if (badKey || (typeof node === 'string' && UNSTORABLE.test(node))) unstorable.push(field);
    else if (node && typeof node === 'object') {
      if (depth >= MAX_NESTING) return { unstorable, tooDeep: true };
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        stack.push([child, field ? `${field}.${key}` : key, UNSTORABLE.test(key), depth + 1]);
      }
    }
  }
  return { unstorable, tooDeep: false };
}

/**
 * A preHandler of every contract route, before any service sees the request: a body nested deeper than
 * any the contract describes is a 400, and so is a field of the body, query or path holding a character
 * no text column can keep (each such field named).
 */
export async function guardInput(request: FastifyRequest): Promise<void> {
  const body = inspectInput(request.body);
  if (body.tooDeep) throw badRequest('MALFORMED_REQUEST', TOO_DEEP_MESSAGE);
  const fields = [
    ...inspectInput(request.params).unstorable,
    ...inspectInput(request.query).unstorable,
    ...body.unstorable,
  ];
  if (fields.length === 0) return;
  const errors: FieldError[] = [...new Set(fields)].map((field) => ({
    field: field || 'body',
    message: `${field || 'body'} contains a character that is not allowed`,
  }));
  throw invalid(...errors);
}
