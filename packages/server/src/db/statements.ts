import { createHash } from 'node:crypto';

/** Distinct statement texts named (prepared) per pool; later new texts run unnamed. */
export const MAX_PREPARED = 500;
/** Distinct texts counted per pool; once reached, a text not yet counted is never named. */
export const MAX_COUNTED = 5_000;

/**
 * Names for PostgreSQL prepared statements. A named statement is parsed and planned once per pooled
 * connection instead of on every call: half to two thirds of PostgreSQL's CPU per read request, and
 * 33 to 84% more requests per second on every read of the bench (bench/README.md, "Prepared statements").
 *
 * A text is named from its second use on, so one-off texts (a VALUES list of a rare length) take no slot;
 * at most `maxPrepared` texts are named, which bounds what each connection keeps. The name is a hash of the
 * text: the same text always gets the same name, and two texts never share one.
 */
export function statementNamer(
  maxPrepared = MAX_PREPARED,
  maxCounted = MAX_COUNTED,
): (sql: string) => string | undefined {
  const seenOnce = new Set<string>();
  const names = new Map<string, string>();
  return (sql) => {
    const named = names.get(sql);
    if (named) return named;
    if (!seenOnce.has(sql)) {
      if (seenOnce.size < maxCounted) seenOnce.add(sql);
      return undefined;
    }
    if (names.size >= maxPrepared) return undefined;
    const name = `k_${createHash('sha256').update(sql).digest('base64url').slice(0, 32)}`;
    names.set(sql, name);
    seenOnce.delete(sql);
    return name;
  };
}
