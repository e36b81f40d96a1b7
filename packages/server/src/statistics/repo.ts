import type { Db } from '../db';

/** The instants a period covers: [start, end); '-infinity' / 'infinity' where it is open. */
export interface Range {
  start: string;
  end: string;
}

/** One figure of the statistics, as the aggregation answers it (amounts in minor units). */
export interface FigureRow {
  kind: 'category' | 'month' | 'person' | 'group';
  currency: string;
  /** The category, the month's index in the thresholds (from 1), the user id or the group id (null: none). */
  key: string | null;
  /** The person's display name or the group's name. */
  name: string | null;
  expense_count: number;
  /** A group's expenses: their amount; a person's: their share. */
  amount_minor: number;
  paid_minor: number;
  share_minor: number;
}

// A group's live expenses in the period (expenses_group_date_idx: group_id, date WHERE deleted_at IS NULL),
// each one's month its bucket among the months' first instants (computed by the domain, so that months follow
// the same time zone rules as the period and the web). Each expense comes once as itself (user_id null) and
// once per payer and per share (their primary keys, expense_id first): one pass sums the expenses by
// category and by month and the payments and shares by person; GROUPING tells which (3, 5, 6).
const GROUP_FIGURES = `SELECT CASE GROUPING(ex.category, ex.m, x.user_id) WHEN 3 THEN 'category' WHEN 5 THEN 'month' ELSE 'person' END AS kind,
       ex.currency,
       CASE GROUPING(ex.category, ex.m, x.user_id) WHEN 3 THEN ex.category WHEN 5 THEN ex.m::text ELSE x.user_id::text END AS key,
       (SELECT u.display_name FROM users u WHERE u.id = x.user_id LIMIT 1) AS name,
       count(*) FILTER (WHERE x.user_id IS NULL)::int AS expense_count,
       COALESCE(sum(ex.amount_minor) FILTER (WHERE x.user_id IS NULL), 0)::bigint AS amount_minor,
       sum(x.paid)::bigint AS paid_minor, sum(x.share)::bigint AS share_minor
  FROM (SELECT e.id, e.currency, e.category, e.amount_minor, width_bucket(e.date, $4::timestamptz[]) AS m
          FROM expenses e
         WHERE e.group_id = $1 AND e.deleted_at IS NULL AND e.date >= $2::timestamptz AND e.date < $3::timestamptz) ex
 CROSS JOIN LATERAL (
        SELECT NULL::uuid AS user_id, 0::bigint AS paid, 0::bigint AS share
        UNION ALL
        SELECT p.user_id, p.amount_minor, 0 FROM expense_payers p WHERE p.expense_id = ex.id
        UNION ALL
        SELECT s.user_id, 0, s.amount_minor FROM expense_splits s WHERE s.expense_id = ex.id) x
 GROUP BY GROUPING SETS ((ex.currency, ex.category), (ex.currency, ex.m), (ex.currency, x.user_id))
HAVING GROUPING(ex.category, ex.m, x.user_id) <> 6 OR x.user_id IS NOT NULL`;

const GROUP_BOUNDS = `SELECT min(e.date) AS first, max(e.date) AS last FROM expenses e
   WHERE e.group_id = $1 AND e.deleted_at IS NULL AND e.date >= $2::timestamptz AND e.date < $3::timestamptz`;

// What a person paid and shared of each expense in the period, from the payers' and the splits' indexes
// by person and date (0003, 0014); then their live, not declined expenses.
const MINE = `SELECT x.expense_id, sum(x.paid)::bigint AS paid, sum(x.share)::bigint AS share
    FROM (SELECT p.expense_id, p.amount_minor AS paid, 0::bigint AS share FROM expense_payers p
           WHERE p.user_id = $1 AND p.expense_date >= $2::timestamptz AND p.expense_date < $3::timestamptz
          UNION ALL
          SELECT s.expense_id, 0::bigint, s.amount_minor FROM expense_splits s
           WHERE s.user_id = $1 AND s.expense_date >= $2::timestamptz AND s.expense_date < $3::timestamptz) x
   GROUP BY x.expense_id`;

// One pass over them groups by category, by month and by group (GROUPING tells which: 3, 5, 6).
const PERSON_FIGURES = `WITH mine AS (${MINE})
SELECT CASE GROUPING(ex.category, ex.m, ex.group_id) WHEN 3 THEN 'category' WHEN 5 THEN 'month' ELSE 'group' END AS kind,
       ex.currency,
       CASE GROUPING(ex.category, ex.m, ex.group_id) WHEN 3 THEN ex.category WHEN 5 THEN ex.m::text ELSE ex.group_id::text END AS key,
       (SELECT g.name FROM groups g WHERE g.id = ex.group_id LIMIT 1) AS name,
       count(*)::int AS expense_count, sum(ex.share)::bigint AS amount_minor,
       sum(ex.paid)::bigint AS paid_minor, sum(ex.share)::bigint AS share_minor
  FROM (SELECT e.currency, e.category, e.group_id, mine.paid, mine.share, width_bucket(e.date, $4::timestamptz[]) AS m
          FROM mine JOIN expenses e ON e.id = mine.expense_id
         WHERE e.deleted_at IS NULL AND e.declined_at IS NULL) ex
 GROUP BY GROUPING SETS ((ex.currency, ex.category), (ex.currency, ex.m), (ex.currency, ex.group_id))`;

// Deleted or declined expenses may widen these bounds: they only decide which months are bucketed, and
// months without a live expense are not listed at their ends.
const PERSON_BOUNDS = `SELECT min(d.first) AS first, max(d.last) AS last FROM (
    SELECT min(p.expense_date) AS first, max(p.expense_date) AS last FROM expense_payers p
     WHERE p.user_id = $1 AND p.expense_date >= $2::timestamptz AND p.expense_date < $3::timestamptz
    UNION ALL
    SELECT min(s.expense_date), max(s.expense_date) FROM expense_splits s
     WHERE s.user_id = $1 AND s.expense_date >= $2::timestamptz AND s.expense_date < $3::timestamptz) d`;

/** The statements, for the tests that read their plans. */
export const STATISTICS_STATEMENTS = {
  groupBounds: GROUP_BOUNDS,
  groupFigures: GROUP_FIGURES,
  personBounds: PERSON_BOUNDS,
  personFigures: PERSON_FIGURES,
} as const;

export type Scope = { kind: 'group'; groupId: string } | { kind: 'person'; userId: string };

/** The first and last expense dates of the scope within the range; null when there is none. */
export async function statisticsBounds(
  db: Db,
  scope: Scope,
  range: Range,
): Promise<{ first: Date; last: Date } | null> {
  const { rows } = await db.query<{ first: Date | null; last: Date | null }>(
    scope.kind === 'group' ? GROUP_BOUNDS : PERSON_BOUNDS,
    [scope.kind === 'group' ? scope.groupId : scope.userId, range.start, range.end],
  );
  const row = rows[0];
  return row?.first && row.last ? { first: new Date(row.first), last: new Date(row.last) } : null;
}

/** Every figure of the scope in the range; `monthStarts` are the first instants of its months, in order. */
export async function statisticsFigures(
  db: Db,
  scope: Scope,
  range: Range,
  monthStarts: readonly Date[],
): Promise<FigureRow[]> {
  const { rows } = await db.query<FigureRow>(scope.kind === 'group' ? GROUP_FIGURES : PERSON_FIGURES, [
    scope.kind === 'group' ? scope.groupId : scope.userId,
    range.start,
    range.end,
    monthStarts.map((d) => d.toISOString()),
  ]);
  return rows.map((r) => ({
    ...r,
    expense_count: Number(r.expense_count),
    amount_minor: Number(r.amount_minor),
    paid_minor: Number(r.paid_minor),
    share_minor: Number(r.share_minor),
  }));
}
