import type { components } from '@kitty/api/schema';
import { sortPayments, splitDetailsToWire, toDecimal } from '@kitty/domain';
import type { Db } from '../db';
import { toUserSummary } from '../users/present';
import { type ExpenseRow, findExpenses, type SplitRow } from './repo';

export type ExpenseJson = components['schemas']['Expense'];
type ExpenseSplitJson = components['schemas']['ExpenseSplit'];
type ExpensePayerJson = components['schemas']['ExpensePayer'];

/** One expense as the contract shows it, its splits in participant order. */
export function toExpenseJson(row: ExpenseRow): ExpenseJson {
  const splits = row.splits;
  const payer = toUserSummary({
    id: row.paid_by,
    display_name: row.payer_display_name,
    first_name: row.payer_first_name,
    last_name: row.payer_last_name,
    email: row.payer_email,
  });
  const group = row.group_id ? { id: row.group_id, name: row.group_name ?? '' } : null;
  return {
    id: row.id,
    description: row.description,
    amount: toDecimal(row.amount_minor, row.currency),
    currency: row.currency,
    category: row.category,
    date: row.date.toISOString(),
    notes: row.notes === '' ? null : row.notes,
    group_id: row.group_id,
    groupName: group?.name ?? null,
    Group: group,
    paid_by: row.paid_by,
    payer,
    payers: payersJson(row),
    split_type: row.split_type,
    split_details: splitDetailsToWire(row.split_details ?? {}, row.currency),
    participants: splits.map((s) => s.user_id),
    ExpenseSplits: splits.map((s) => toSplitJson(row, s)),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    is_settled: row.is_settled,
    version: row.version,
    created_by: nameOf(row.created_by, 'creator', row),
    declined:
      row.declined_at && row.declined_by
        ? { at: row.declined_at.toISOString(), by: nameOf(row.declined_by, 'decliner', row) }
        : null,
    leftover_start: row.leftover_start,
    comment_count: row.comment_count,
    recurring_expense_id: row.recurring_expense_id,
  };
}

/** The id and shown name of the person in the row's `creator_*` or `decliner_*` columns. */
function nameOf(id: string, prefix: 'creator' | 'decliner', row: ExpenseRow) {
  const person = toUserSummary({
    id,
    display_name: row[`${prefix}_display_name`] ?? '',
    first_name: row[`${prefix}_first_name`] ?? '',
    last_name: row[`${prefix}_last_name`] ?? '',
    email: row[`${prefix}_email`] ?? '',
  });
  return { id, display_name: person.display_name };
}

/** Everyone who paid, most first, ties by id (the domain's sortPayments): `paid_by` is the first. */
function payersJson(row: ExpenseRow): ExpensePayerJson[] {
  const payers = sortPayments(row.payers.map((p) => ({ ...p, amount: p.amount_minor })));
  return payers.map((p) => {
    const person = toUserSummary({
      id: p.user_id,
      display_name: p.display_name,
      first_name: p.first_name,
      last_name: p.last_name,
      email: p.email,
    });
    return {
      user_id: p.user_id,
      amount: toDecimal(p.amount_minor, row.currency),
      display_name: person.display_name,
      email: person.email,
    };
  });
}

function toSplitJson(expense: ExpenseRow, split: SplitRow): ExpenseSplitJson {
  const person = toUserSummary({
    id: split.user_id,
    display_name: split.display_name,
    first_name: split.first_name,
    last_name: split.last_name,
    email: split.email,
  });
  return {
    user_id: split.user_id,
    amount: toDecimal(split.amount_minor, expense.currency),
    percentage: expense.split_type === 'percentage' && split.percentage !== null ? split.percentage : null,
    shares: expense.split_type === 'shares' ? split.shares : null,
    User: { display_name: person.display_name },
    display_name: person.display_name,
    email: person.email,
  };
}

/**
 * The JSON of several expenses in the order of `ids`, in one query whatever their number (each expense with
 * payer, group and splits). Ids of missing or deleted expenses are left out.
 */
export async function presentExpenses(db: Db, ids: readonly string[]): Promise<ExpenseJson[]> {
  const byId = new Map((await findExpenses(db, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toExpenseJson(row)] : [];
  });
}
