/** A statement and its parameters ($1, $2, ... in `sql`). */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Several data-modifying statements as one: all but the last become WITH queries (PostgreSQL runs every
 * one of them to completion, with one snapshot), their parameters renumbered after the ones before. One
 * round trip instead of several. Only for statements that do not read each other's rows, and whose rows
 * no concurrent statement locks in another order (the ledger holds its scope's lock).
 */
export function combined(statements: readonly Statement[]): Statement {
  const params: unknown[] = [];
  const texts = statements.map((statement) => {
    const offset = params.length;
    params.push(...statement.params);
    return statement.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  const last = texts.pop() ?? '';
  const withs = texts.map((text, i) => `w${i} AS (${text})`);
  return { sql: withs.length > 0 ? `WITH ${withs.join(', ')} ${last}` : last, params };
}
