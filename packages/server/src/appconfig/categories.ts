import type { components } from '@kitty/api/schema';
import { categoryConfig } from '@kitty/domain';
import type { Db } from '../db';

export type ExpenseCategories = components['schemas']['ExpenseCategories'];

const KEY = 'expense_categories';

/**
 * The expense categories in force: an administrator's list (PUT /config) or the domain's defaults.
 * Every area that lists or checks categories asks here.
 */
export async function loadCategories(db: Db): Promise<ExpenseCategories> {
  const { rows } = await db.query<{ value: ExpenseCategories }>(
    'SELECT value FROM app_settings WHERE key = $1',
    [KEY],
  );
  return rows[0]?.value ?? categoryConfig();
}

/** Whether `value` is one of the categories in force (new expenses may only use those). */
export async function isConfiguredCategory(db: Db, value: string): Promise<boolean> {
  const { values } = await loadCategories(db);
  return values.includes(value);
}

export async function saveCategories(
  db: Db,
  categories: ExpenseCategories,
  updatedBy: string,
): Promise<void> {
  await db.query(
    `INSERT INTO app_settings (key, value, updated_by) VALUES ($1, $2::jsonb, $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [KEY, JSON.stringify(categories), updatedBy],
  );
}
