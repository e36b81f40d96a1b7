import type { components } from '@kitty/api/schema';
import { memberName, sortPayments, toDecimal } from '@kitty/domain';
import type { Db } from '../db';
import { notFound } from '../http/errors';
import { findGroupForMember } from './repo';

type GroupExport = components['schemas']['GroupExport'];
type SplitType = components['schemas']['SplitType'];

interface Person {
  display_name: string;
  first_name: string;
  last_name: string;
  email: string;
}

interface ExpenseRow {
  id: string;
  date: Date;
  description: string;
  amount_minor: number;
  currency: string;
  category: string;
  split_type: string;
  is_settled: boolean;
  notes: string;
  created_at: Date;
  updated_at: Date;
  payer: Person;
  /** Everyone who paid, with what, in no particular order. */
  payers: (Person & { user_id: string; amount_minor: number })[];
}

interface SplitRow {
  expense_id: string;
  amount_minor: number;
  percentage: string | null;
  shares: number | null;
  person: Person;
}

interface SettlementRow {
  settlement_date: Date;
  description: string;
  amount_minor: number;
  currency: string;
  created_at: Date;
  from_person: Person;
  to_person: Person;
}

const person = (alias: string) =>
  `json_build_object('display_name', ${alias}.display_name, 'first_name', ${alias}.first_name,
     'last_name', ${alias}.last_name, 'email', ${alias}.email)`;

/**
 * Every live expense and settlement of a group for its members, newest first, in their own currencies:
 * the rows the domain's groupCsv turns into the file (each expense with all its payers). Three queries
 * whatever the size of the group.
 */
export async function exportGroup(db: Db, callerId: string, groupId: string): Promise<GroupExport> {
  const group = await findGroupForMember(db, groupId, callerId);
  if (!group) throw notFound();
  const { rows: expenses } = await db.query<ExpenseRow>(
    `SELECT e.id, e.date, e.description, e.amount_minor, e.currency, e.category, e.split_type, e.is_settled,
            e.notes, e.created_at, e.updated_at, ${person('p')} AS payer,
            (SELECT json_agg(json_build_object('user_id', x.user_id, 'amount_minor', x.amount_minor,
                    'display_name', u.display_name, 'first_name', u.first_name, 'last_name', u.last_name,
                    'email', u.email))
               FROM expense_payers x JOIN users u ON u.id = x.user_id
              WHERE x.expense_id = e.id) AS payers
       FROM expenses e JOIN users p ON p.id = e.paid_by
      WHERE e.group_id = $1 AND e.deleted_at IS NULL
      ORDER BY e.date DESC, e.id DESC`,
    [group.id],
  );
  const { rows: splits } = await db.query<SplitRow>(
    `SELECT s.expense_id, s.amount_minor, s.percentage, s.shares, ${person('u')} AS person
       FROM expense_splits s JOIN expenses e ON e.id = s.expense_id JOIN users u ON u.id = s.user_id
      WHERE e.group_id = $1 AND e.deleted_at IS NULL
      ORDER BY s.expense_id, u.display_name, u.id`,
    [group.id],
  );
  const { rows: settlements } = await db.query<SettlementRow>(
    `SELECT s.settlement_date, s.description, s.amount_minor, s.currency, s.created_at,
            ${person('f')} AS from_person, ${person('t')} AS to_person
       FROM settlements s JOIN users f ON f.id = s.from_user_id JOIN users t ON t.id = s.to_user_id
      WHERE s.group_id = $1 AND s.deleted_at IS NULL
      ORDER BY s.settlement_date DESC, s.id DESC`,
    [group.id],
  );

  const splitsBy = new Map<string, SplitRow[]>();
  for (const split of splits)
    splitsBy.set(split.expense_id, [...(splitsBy.get(split.expense_id) ?? []), split]);

  return {
    expenses: expenses.map((e) => ({
      date: e.date.toISOString(),
      description: e.description,
      amount: toDecimal(e.amount_minor, e.currency),
      currency: e.currency,
      category: e.category,
      payer_name: memberName(e.payer),
      payer_email: e.payer.email,
      // Most first, ties by id (the domain's sortPayments), as every answer lists them.
      payers: sortPayments(e.payers.map((p) => ({ ...p, amount: p.amount_minor }))).map((p) => ({
        user_name: memberName(p),
        email: p.email,
        amount: toDecimal(p.amount_minor, e.currency),
      })),
      split_type: e.split_type as SplitType,
      participants: (splitsBy.get(e.id) ?? []).map((s) => ({
        user_name: memberName(s.person),
        amount: toDecimal(s.amount_minor, e.currency),
        percentage: s.percentage === null ? null : Number(s.percentage),
        shares: s.shares,
      })),
      is_settled: e.is_settled,
      notes: e.notes,
      created_at: e.created_at.toISOString(),
      updated_at: e.updated_at.toISOString(),
    })),
    settlements: settlements.map((s) => ({
      date: s.settlement_date.toISOString(),
      description: s.description,
      amount: toDecimal(s.amount_minor, s.currency),
      currency: s.currency,
      from_user_name: memberName(s.from_person),
      from_user_email: s.from_person.email,
      to_user_name: memberName(s.to_person),
      created_at: s.created_at.toISOString(),
    })),
    group: { id: group.id, name: group.name, currency: group.currency },
    exportDate: new Date().toISOString(),
  };
}
