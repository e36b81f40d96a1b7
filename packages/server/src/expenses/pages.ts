import type { Db } from '../db';
import { isUuid } from '../db/ids';
import { userExpenseCount } from '../ledger/counts';
import { decodeCursor, encodeCursor, pageSize } from './cursor';
import { type ExpenseJson, toExpenseJson } from './present';
import { findExpensePage, type PageExpenseRow } from './repo';

export interface PageRequest {
  /** 1 to 100, default 20. */
  limit?: number;
  /** The previous page's nextCursor; a cursor that is not one is a 400 on `cursor`. */
  cursor?: string;
}

export interface ExpensePage {
  expenses: ExpenseJson[];
  nextCursor: string | null;
}

// The key of a row: `date` in exact microseconds (a JS Date would drop them) and the id.
const MICROS_OF = (column: string) => `(extract(epoch FROM ${column}) * 1000000)::bigint::text`;
const FROM_MICROS = (param: string) => `('epoch'::timestamptz + ${param}::bigint * interval '1 microsecond')`;

/**
 * One page of a group's live expenses, newest first (date, then id). Picks limit + 1 keys from the
 * (group_id, date, id) index after the cursor, reading their rows in the same query, then their splits.
 * Membership is the caller's business. The groups area uses it for the group detail's first page.
 */
export async function listGroupExpensesPage(
  db: Db,
  groupId: string,
  page: PageRequest = {},
): Promise<ExpensePage> {
  const after = decodeCursor(page.cursor);
  const limit = pageSize(page.limit);
  if (!isUuid(groupId)) return { expenses: [], nextCursor: null };
  const params: unknown[] = [groupId, limit + 1];
  const rows = await findExpensePage(
    db,
    `SELECT id, ${MICROS_OF('date')} AS micros FROM expenses
      WHERE group_id = $1 AND deleted_at IS NULL ${after ? `AND (date, id) < (${FROM_MICROS('$3')}, $4::uuid)` : ''}
      ORDER BY date DESC, id DESC LIMIT $2`,
    after ? [...params, after.micros, after.id] : params,
  );
  return finish(rows, limit);
}

export interface UserPageRequest extends PageRequest {
  /** Text the description or the group name contains, in any case; blank or absent: every expense. */
  search?: string;
}

export interface UserExpensePage extends ExpensePage {
  /** How many expenses the whole list holds (every page), with the search applied. */
  total: number;
}

/** `text` as an ILIKE pattern that finds it anywhere: its own %, _ and \ match only themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the expenses a person paid (all or part of) or shares in, in any group or none, newest first,
 * and how many there are in all. Each side is read from its own index in page order (payers by person and
 * the expense's date, migration 0014; splits by person and the expense's date, migration 0003), limit + 1
 * rows each, and merged.
 *
 * Without a search, the total is the person's running counts (member_expense_counts, kept by every expense
 * write), one row per scope they have expenses in: no dashboard load reads their history.
 *
 * With a search, each side still walks only that person's index entries, newest first, checking the
 * description and the group name (ILIKE: no trigram index, which PGlite lacks) until limit + 1 match; the
 * count reads the same entries to the end. Both are bounded by the person's own expenses, never by
 * everyone's: no index on the text is needed, and another person's history costs nothing.
 */
export async function listUserExpensesPage(
  db: Db,
  userId: string,
  page: UserPageRequest = {},
): Promise<UserExpensePage> {
  const after = decodeCursor(page.cursor);
  const limit = pageSize(page.limit);
  const search = page.search?.trim() ?? '';
  const params: unknown[] = [userId, limit + 1];
  const paidAfter = after ? `AND (p.expense_date, p.expense_id) < (${FROM_MICROS('$3')}, $4::uuid)` : '';
  const sharedAfter = after ? `AND (s.expense_date, s.expense_id) < (${FROM_MICROS('$3')}, $4::uuid)` : '';
  if (after) params.push(after.micros, after.id);
  const pattern = search ? containsPattern(search) : null;
  if (pattern) params.push(pattern);
  const groups = pattern ? WITH_GROUP : '';
  const matches = pattern ? matching(`$${params.length}`) : '';
  const rows = await findExpensePage(
    db,
    `WITH page AS (
       (SELECT p.expense_id AS id, p.expense_date AS date FROM expense_payers p
          JOIN expenses e ON e.id = p.expense_id AND e.deleted_at IS NULL ${groups}
         WHERE p.user_id = $1 ${matches} ${paidAfter}
         ORDER BY p.expense_date DESC, p.expense_id DESC LIMIT $2)
       UNION
       (SELECT s.expense_id, s.expense_date FROM expense_splits s
          JOIN expenses e ON e.id = s.expense_id AND e.deleted_at IS NULL ${groups}
         WHERE s.user_id = $1 ${matches} ${sharedAfter}
         ORDER BY s.expense_date DESC, s.expense_id DESC LIMIT $2)
     )
     SELECT id, ${MICROS_OF('date')} AS micros FROM page ORDER BY date DESC, id DESC LIMIT $2`,
    params,
  );
  const total = pattern ? await countUserExpenses(db, userId, pattern) : await userExpenseCount(db, userId);
  return { ...finish(rows, limit), total };
}

const WITH_GROUP = 'LEFT JOIN groups g ON g.id = e.group_id';
const matching = (pattern: string) => `AND (e.description ILIKE ${pattern} OR g.name ILIKE ${pattern})`;

/** How many live expenses the person paid (any part of) or shares in matching `pattern`: their own rows, each once. */
async function countUserExpenses(db: Db, userId: string, pattern: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT p.expense_id FROM expense_payers p
         JOIN expenses e ON e.id = p.expense_id AND e.deleted_at IS NULL ${WITH_GROUP}
        WHERE p.user_id = $1 ${matching('$2')}
       UNION
       SELECT s.expense_id FROM expense_splits s
         JOIN expenses e ON e.id = s.expense_id AND e.deleted_at IS NULL ${WITH_GROUP}
        WHERE s.user_id = $1 ${matching('$2')}
     ) mine`,
    [userId, pattern],
  );
  return rows[0]?.n ?? 0;
}

function finish(rows: PageExpenseRow[], limit: number): ExpensePage {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    expenses: shown.map(toExpenseJson),
    nextCursor: rows.length > limit && last ? encodeCursor({ micros: last.micros, id: last.id }) : null,
  };
}
