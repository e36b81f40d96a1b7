import type { Db } from '../db';

/** A row an earlier import wrote into the group, as recognised by its identity (migration 0025). */
export interface IdentifiedRow {
  key: string;
  identity: string;
}

/** What the group already holds of a file: the keys, identities and own ids of the rows there. */
export interface GroupRows {
  expenses: Set<string>;
  settlements: Set<string>;
  /** A rule's key (or, for a Kitty archive of this group, its own key) to its id. */
  recurring: Map<string, string>;
  identities: { expenses: IdentifiedRow[]; settlements: IdentifiedRow[] };
  /** Ids the file names that are this group's own rows (a Kitty archive of this very group). */
  own: { expenses: Set<string>; settlements: Set<string>; recurring: Set<string> };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The keys and identities of the rows earlier imports wrote into a group (migrations 0019, 0025), of any
 * kind, and which of `ids` (a Kitty archive's row ids) are the group's own rows.
 */
export async function importedKeys(tx: Db, groupId: string, ids: readonly string[] = []): Promise<GroupRows> {
  const { rows } = await tx.query<{
    kind: string;
    import_key: string;
    import_identity: string | null;
    id: string;
  }>(
    `SELECT 'e' AS kind, import_key, import_identity, id FROM expenses WHERE group_id = $1 AND import_key IS NOT NULL
     UNION ALL
     SELECT 's', import_key, import_identity, id FROM settlements WHERE group_id = $1 AND import_key IS NOT NULL
     UNION ALL
     SELECT 'r', import_key, NULL, id FROM recurring_expenses WHERE group_id = $1 AND import_key IS NOT NULL`,
    [groupId],
  );
  const keys: GroupRows = {
    expenses: new Set(),
    settlements: new Set(),
    recurring: new Map(),
    identities: { expenses: [], settlements: [] },
    own: { expenses: new Set(), settlements: new Set(), recurring: new Set() },
  };
  for (const r of rows) {
    const identified = r.import_identity ? { key: r.import_key, identity: r.import_identity } : null;
    if (r.kind === 'e') {
      keys.expenses.add(r.import_key);
      if (identified) keys.identities.expenses.push(identified);
    } else if (r.kind === 's') {
      keys.settlements.add(r.import_key);
      if (identified) keys.identities.settlements.push(identified);
    } else keys.recurring.set(r.import_key, r.id);
  }
  const candidates = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (candidates.length > 0) {
    const own = await tx.query<{ kind: string; id: string }>(
      `SELECT 'e' AS kind, id::text FROM expenses WHERE group_id = $1 AND id::text = ANY($2::text[])
       UNION ALL
       SELECT 's', id::text FROM settlements WHERE group_id = $1 AND id::text = ANY($2::text[])
       UNION ALL
       SELECT 'r', id::text FROM recurring_expenses WHERE group_id = $1 AND id::text = ANY($2::text[])`,
      [groupId, candidates.map((id) => id.toLowerCase())],
    );
    for (const r of own.rows) {
      if (r.kind === 'e') keys.own.expenses.add(r.id);
      else if (r.kind === 's') keys.own.settlements.add(r.id);
      else keys.own.recurring.add(r.id);
    }
  }
  return keys;
}

/** Each written row's identity, in one statement a kind (rows without one are left out). */
export async function saveIdentities(
  tx: Db,
  rows: { expenses: [string, string][]; settlements: [string, string][] },
): Promise<void> {
  for (const [table, list] of [
    ['expenses', rows.expenses],
    ['settlements', rows.settlements],
  ] as const) {
    if (list.length === 0) continue;
    await tx.query(
      `UPDATE ${table} t SET import_identity = v.identity
         FROM unnest($1::uuid[], $2::text[]) AS v(id, identity) WHERE t.id = v.id`,
      [list.map(([id]) => id), list.map(([, identity]) => identity)],
    );
  }
}

/**
 * Records a file (its person, format and SHA-256) as imported into a group, with what this run wrote. One
 * record per group: an import of the same file into the same group again keeps the first run's record.
 */
export async function recordImport(
  tx: Db,
  r: {
    user_id: string;
    format: string;
    digest: string;
    group_id: string;
    rows: number;
    expenses: number;
    settlements: number;
    already_imported: number;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO imports (user_id, format, digest, group_id, rows, expenses, settlements, already_imported)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (user_id, format, digest, group_id) DO NOTHING`,
    [r.user_id, r.format, r.digest, r.group_id, r.rows, r.expenses, r.settlements, r.already_imported],
  );
}
