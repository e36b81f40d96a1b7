import type { Db } from '../db';
import { listGroupExpensesPage } from '../expenses/pages';
import type { GroupDetailJson } from './present';

export const FIRST_PAGE_SIZE = 20;

/** The first page of a group's expenses, newest first, as the expenses area presents them. */
export async function firstExpensesPage(
  db: Db,
  groupId: string,
): Promise<{ expenses: GroupDetailJson['expenses']; nextCursor: string | null }> {
  return listGroupExpensesPage(db, groupId, { limit: FIRST_PAGE_SIZE });
}
