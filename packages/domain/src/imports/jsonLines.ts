import type { ImportFailure } from './types';

// JSON read with its line numbers: a problem in a JSON export names the line where its item begins, and a
// file that is not JSON names the line where reading stopped (JSON.parse's messages do not say it in every
// engine). A small recursive-descent reader of RFC 8259 text; strings and numbers are read by JSON.parse
// itself, so their values are exactly what JSON.parse gives.

export type JsonLinesResult =
  | { ok: true; value: unknown; lineOf: (item: object) => number }
  | { ok: false; error: ImportFailure };

/** Parses JSON text, remembering the line (1-based) where each object and array begins. */
export function parseJsonWithLines(text: string): JsonLinesResult {
  const lines = new WeakMap<object, number>();
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const fail = (message: string): never => {
    throw new JsonLineError(line, message);
  };
  const skip = () => {
    for (;;) {
      const ch = text.charCodeAt(i);
      if (ch === 0x0a) line++;
      else if (ch !== 0x20 && ch !== 0x09 && ch !== 0x0d) return;
      i++;
    }
  };
  const string = (): string => {
    const start = i;
    i++;
    let escaped = false;
    for (;;) {
      const ch = text.charCodeAt(i);
      if (Number.isNaN(ch) || ch < 0x20) fail('a text is never closed, or holds a line break');
      if (ch === 0x22) break;
      if (ch === 0x5c) {
        escaped = true;
        i += 2;
      } else i++;
    }
    i++;
    if (!escaped) return text.slice(start + 1, i - 1);
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return fail('a text holds an escape JSON does not allow');
    }
  };
  const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const value = (depth: number): unknown => {
    if (depth > 200) fail('the data is nested too deeply');
    skip();
    const ch = text[i];
    if (ch === '{') {
      const object: Record<string, unknown> = {};
      lines.set(object, line);
      i++;
      skip();
      if (text[i] === '}') {
        i++;
        return object;
      }
      for (;;) {
        skip();
        if (text[i] !== '"') fail('a name in quotes was expected');
        const key = string();
        skip();
        if (text[i] !== ':') fail('":" was expected after a name');
        i++;
        const item = value(depth + 1);
        if (key === '__proto__')
          Object.defineProperty(object, key, { value: item, enumerable: true, writable: true });
        else object[key] = item;
        skip();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return object;
        } else fail('"," or "}" was expected');
      }
    }
    if (ch === '[') {
      const array: unknown[] = [];
      lines.set(array, line);
      i++;
      skip();
      if (text[i] === ']') {
        i++;
        return array;
      }
      for (;;) {
        array.push(value(depth + 1));
        skip();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return array;
        } else fail('"," or "]" was expected');
      }
    }
    if (ch === '"') return string();
    for (const [word, literal] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return literal;
      }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) return fail(i >= text.length ? 'the text ends too early' : 'a value was expected');
    i += m[0].length;
    return Number(m[0]);
  };
  try {
    const root = value(0);
    skip();
    if (i < text.length) fail('there is more text after the data');
    return { ok: true, value: root, lineOf: (item) => lines.get(item) ?? 1 };
  } catch (error) {
    if (!(error instanceof JsonLineError)) throw error;
    return {
      ok: false,
      error: { line: error.line, message: `This is not valid JSON (${error.message})` },
    };
  }
}

class JsonLineError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** The value as a plain object, or null. */
export function asObject(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
