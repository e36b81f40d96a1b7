import fc from 'fast-check';

/**
 * JSON text with pieces JSON.stringify cannot write: number literals such as `-0`, `1e400` or
 * `9007199254740993`, and very deep or very large values written as text (so building them never
 * recurses). A `Raw` anywhere in a value is written verbatim by `toJsonText`.
 */
export class Raw {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
  // How fast-check prints a counterexample: a megabyte of nesting would drown the seed and the path.
  [fc.toStringMethod](): string {
    return `raw(${describeText(this.text)})`;
  }
}

function describeText(text: string): string {
  return text.length > 120
    ? `${JSON.stringify(text.slice(0, 120))}... (${text.length} characters)`
    : JSON.stringify(text);
}

export const raw = (text: string) => new Raw(text);

/** Writes a value as JSON text, `Raw` pieces verbatim. Strings go through JSON.stringify (lone surrogates escaped). */
export function toJsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A short description of a value for failure messages (long texts shortened). */
export function describeValue(value: unknown): string {
  const text = toJsonText(value);
  return text.length > 300 ? `${text.slice(0, 300)}... (${text.length} characters)` : text;
}
