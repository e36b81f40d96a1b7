// JSON.parse turns 30.0000000000000000001 into 30: an amount with more decimals than its currency would
// be stored as another amount. The body's text is read once more for its number literals, and any whose
// value a JavaScript number cannot hold exactly is refused with the field it is in.
import type { FastifyInstance } from 'fastify';
import { invalid } from './errors';

export const INEXACT_NUMBER = 'This number has more digits than can be kept exactly';

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** A number literal's exact value as sign, significant digits and exponent ("0" for zero). */
function normalized(text: string): string | null {
  const m = LITERAL.exec(text);
  if (!m) return null;
  const fraction = m[3] ?? '';
  let digits = `${m[2]}${fraction}`.replace(/^0+/, '');
  if (digits === '') return '0';
  let exponent = Number(m[4] ?? 0) - fraction.length;
  const trailing = /0+$/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(0, digits.length - trailing);
  exponent += trailing;
  return `${m[1]}${digits}e${exponent}`;
}

/** True when the literal's value is exactly the number JSON.parse makes of it. */
export function isExactLiteral(text: string): boolean {
  const value = Number(text);
  if (!Number.isFinite(value)) return false;
  const literal = normalized(text);
  // -0 is 0: a sign on zero changes no amount.
  const parsed = normalized(Object.is(value, -0) ? '0' : String(value).replace('e+', 'e'));
  return literal !== null && (literal === parsed || (literal === '-0' && parsed === '0'));
}

type Frame = { object: true; key: string; awaitingKey: boolean } | { object: false; index: number };

/**
 * The fields (`amount`, `split_details.amounts.<id>`, `members.0.x`) of valid JSON `text` that hold a
 * number literal JSON.parse cannot represent exactly. One pass without recursion (a body may nest deeply).
 */
export function inexactNumberFields(text: string): string[] {
  const fields: string[] = [];
  const frames: Frame[] = [];
  const path = () => frames.map((f) => (f.object ? f.key : String(f.index))).join('.');
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const top = frames[frames.length - 1];
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (top?.object && top.awaitingKey) top.key = JSON.parse(text.slice(i, end + 1)) as string;
      i = end + 1;
    } else if (c === '{') {
      frames.push({ object: true, key: '', awaitingKey: true });
      i++;
    } else if (c === '[') {
      frames.push({ object: false, index: 0 });
      i++;
    } else if (c === '}' || c === ']') {
      frames.pop();
      i++;
    } else if (c === ':') {
      if (top?.object) top.awaitingKey = false;
      i++;
    } else if (c === ',') {
      if (top?.object) top.awaitingKey = true;
      else if (top) top.index++;
      i++;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const literal = NUMBER.exec(text)?.[0] ?? c;
      if (!isExactLiteral(literal)) fields.push(path() || 'body');
      i += literal.length;
    } else i++;
  }
  return fields;
}

/**
 * Fastify's JSON parser (the same protection against __proto__ and constructor keys), then the check of
 * every number literal: a 400 naming each field whose number would not be kept as written.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const fields = inexactNumberFields(body as string);
      if (fields.length === 0) return done(null, value);
      done(invalid(...fields.map((field) => ({ field, message: INEXACT_NUMBER }))), undefined);
    });
  });
}
