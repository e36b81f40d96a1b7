// What makes a re-import write nothing twice: every imported row carries a key, stable across exports of
// the same data. A row with an id in its source keeps it; a row without one (CSV files) is keyed by its own
// content and its ordinal among identical rows, so two genuinely identical rows stay two.

/** A short, stable digest of text (FNV-1a, 64 bits, as 16 hex digits): no crypto needed, only stability. */
export function digest(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

/**
 * Hands out keys for rows without ids: `prefix:digest(content)` and, for the n-th row with the same
 * content, `#n` after it.
 */
export function contentKeys(prefix: string): (content: string) => string {
  const seen = new Map<string, number>();
  return (content) => {
    const base = `${prefix}:${digest(content)}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}#${n}`;
  };
}
