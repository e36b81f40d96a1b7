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

export interface ImportRecord {
  id: string;
  group_id: string | null;
}

/**
 * Claims the record of a file (its person, format and SHA-256): answers `created` true when this import is
 * the first. A second identical import in another transaction waits here, on the unique key, until the
 * first commits (then finds its record) or rolls back (then is the first).
 */
export async function claimImport(
  tx: Db,
  userId: string,
  format: string,
  digest: string,
): Promise<{ created: boolean; record: ImportRecord }> {
  const inserted = await tx.query<ImportRecord>(
    `INSERT INTO imports (user_id, format, digest) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, format, digest) DO NOTHING RETURNING id, group_id`,
    [userId, format, digest],
  );
  if (inserted.rows[0]) return { created: true, record: inserted.rows[0] };
  const { rows } = await tx.query<ImportRecord>(
    'SELECT id, group_id FROM imports WHERE user_id = $1 AND format = $2 AND digest = $3 FOR UPDATE',
    [userId, format, digest],
  );
  const record = rows[0];
  if (!record) throw new Error('the import record vanished while being claimed');
  return { created: false, record };
}

/** The group a person's earlier import of this file went into (null: none, or it was deleted). */
export async function earlierImportGroup(
  db: Db,
  userId: string,
  format: string,
  digest: string,
): Promise<string | null> {
  const { rows } = await db.query<{ group_id: string | null }>(
    'SELECT group_id FROM imports WHERE user_id = $1 AND format = $2 AND digest = $3',
    [userId, format, digest],
  );
  return rows[0]?.group_id ?? null;
}

/** Where the file went and what it wrote (the counts of this run). */
export async function saveImport(
  tx: Db,
  id: string,
  r: { group_id: string; rows: number; expenses: number; settlements: number; already_imported: number },
): Promise<void> {
  await tx.query(
    `UPDATE imports SET group_id = $2, rows = $3, expenses = $4, settlements = $5, already_imported = $6
      WHERE id = $1`,
    [id, r.group_id, r.rows, r.expenses, r.settlements, r.already_imported],
  );
}
