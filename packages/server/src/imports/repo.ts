import type { Db } from '../db';

/** The keys of the rows earlier imports wrote into a group (migration 0019), of any kind. */
export async function importedKeys(
  tx: Db,
  groupId: string,
): Promise<{ expenses: Set<string>; settlements: Set<string>; recurring: Map<string, string> }> {
  const { rows } = await tx.query<{ kind: string; import_key: string; id: string }>(
    `SELECT 'e' AS kind, import_key, id FROM expenses WHERE group_id = $1 AND import_key IS NOT NULL
     UNION ALL
     SELECT 's', import_key, id FROM settlements WHERE group_id = $1 AND import_key IS NOT NULL
     UNION ALL
     SELECT 'r', import_key, id FROM recurring_expenses WHERE group_id = $1 AND import_key IS NOT NULL`,
    [groupId],
  );
  const keys = { expenses: new Set<string>(), settlements: new Set<string>(), recurring: new Map() };
  for (const r of rows) {
    if (r.kind === 'e') keys.expenses.add(r.import_key);
    else if (r.kind === 's') keys.settlements.add(r.import_key);
    else keys.recurring.set(r.import_key, r.id);
  }
  return keys;
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
