import type { components } from '@kitty/api/schema';
import {
  type BalanceExpense,
  byCodeUnit,
  computeBalances,
  decimalText,
  formatMoney,
  memberName,
  sortPayments,
  type SplitType,
} from '@kitty/domain';
import type { Db } from '../db';
import type { SettlementRow } from '../financial/settlement-repo';
import { notFound } from '../http/errors';
import { parseTemplate } from '../recurring/input';
import type { RuleRow } from '../recurring/repo';
import { findGroupForMember } from './repo';

type KittyArchive = components['schemas']['KittyArchive'];
type ArchiveSplit = components['schemas']['ArchiveSplit'];
type ArchivePart = components['schemas']['ArchivePart'];

/** Everyone the archive names (users row with whether they are a member now). */
interface PersonRow {
  id: string;
  email: string;
  display_name: string;
  first_name: string;
  last_name: string;
  registered: boolean;
}

interface PartRow {
  user_id: string;
  amount_minor: number;
}

interface SplitPartRow extends PartRow {
  /** The numeric column as JSON carries it (the number the domain split by). */
  percentage: number | null;
  shares: number | null;
  adjustment_minor: number | null;
}

interface ExpenseRow {
  id: string;
  date: Date;
  description: string;
  amount_minor: number;
  currency: string;
  category: string;
  notes: string;
  split_type: SplitType;
  leftover_start: number;
  created_by: string;
  created_at: Date;
  recurring_expense_id: string | null;
  occurrence_date: string | null;
  payers: PartRow[];
  splits: SplitPartRow[];
  comments: { author_id: string; text: string; created_at: string }[];
}

type ArchiveSettlementRow = Pick<
  SettlementRow,
  | 'id'
  | 'settlement_date'
  | 'from_user_id'
  | 'to_user_id'
  | 'amount_minor'
  | 'currency'
  | 'description'
  | 'created_by'
>;

type ArchiveRuleRow = Pick<
  RuleRow,
  | 'id'
  | 'template'
  | 'frequency'
  | 'start_date'
  | 'end_date'
  | 'occurrences_limit'
  | 'time_zone'
  | 'status'
  | 'next_date'
  | 'occurrences_created'
  | 'created_by'
>;

// The people of every row of the group: its members, anyone who ever joined or left it (its history),
// anyone with a ledger row in it, and everyone an expense, payment, comment or recurring expense names.
const PEOPLE = `
  WITH ids AS (
    SELECT user_id AS id FROM group_members WHERE group_id = $1
    UNION SELECT user_id FROM group_events WHERE group_id = $1 AND user_id IS NOT NULL
    UNION SELECT user_id FROM member_balances WHERE scope_id = $1
    UNION SELECT e.created_by FROM expenses e WHERE e.group_id = $1 AND e.deleted_at IS NULL
    UNION SELECT p.user_id FROM expense_payers p JOIN expenses e ON e.id = p.expense_id
           WHERE e.group_id = $1 AND e.deleted_at IS NULL
    UNION SELECT s.user_id FROM expense_splits s JOIN expenses e ON e.id = s.expense_id
           WHERE e.group_id = $1 AND e.deleted_at IS NULL
    UNION SELECT k.author_id FROM expense_comments k JOIN expenses e ON e.id = k.expense_id
           WHERE e.group_id = $1 AND e.deleted_at IS NULL
    UNION SELECT unnest(ARRAY[s.from_user_id, s.to_user_id, s.created_by]) FROM settlements s
           WHERE s.group_id = $1 AND s.deleted_at IS NULL
    UNION SELECT r.created_by FROM recurring_expenses r WHERE r.group_id = $1
    UNION SELECT (r.template->>'paid_by')::uuid FROM recurring_expenses r WHERE r.group_id = $1
    UNION SELECT p::uuid FROM recurring_expenses r,
           jsonb_array_elements_text(r.template->'participants') p WHERE r.group_id = $1
    UNION SELECT (p->>'user_id')::uuid FROM recurring_expenses r,
           jsonb_array_elements(COALESCE(r.template->'payers', '[]'::jsonb)) p WHERE r.group_id = $1
  )
  SELECT u.id, u.email, u.display_name, u.first_name, u.last_name, u.registered,
         m.joined_at
    FROM ids JOIN users u ON u.id = ids.id
    LEFT JOIN group_members m ON m.group_id = $1 AND m.user_id = u.id
   ORDER BY m.joined_at NULLS LAST, u.display_name, u.id`;

const EXPENSES = `
  SELECT e.id, e.date, e.description, e.amount_minor, e.currency, e.category, e.notes, e.split_type,
         e.leftover_start::float8 AS leftover_start, e.created_by, e.created_at, e.recurring_expense_id,
         e.occurrence_date,
         (SELECT COALESCE(json_agg(json_build_object('user_id', p.user_id, 'amount_minor', p.amount_minor)), '[]')
            FROM expense_payers p WHERE p.expense_id = e.id) AS payers,
         (SELECT COALESCE(json_agg(json_build_object('user_id', s.user_id, 'amount_minor', s.amount_minor,
                   'percentage', s.percentage, 'shares', s.shares, 'adjustment_minor', s.adjustment_minor)
                   ORDER BY s.position, s.user_id), '[]')
            FROM expense_splits s WHERE s.expense_id = e.id) AS splits,
         (SELECT COALESCE(json_agg(json_build_object('author_id', k.author_id, 'text', k.text,
                   'created_at', k.created_at) ORDER BY k.id), '[]')
            FROM expense_comments k WHERE k.expense_id = e.id) AS comments
    FROM expenses e
   WHERE e.group_id = $1 AND e.deleted_at IS NULL
   ORDER BY e.date, e.id`;

const SETTLEMENTS = `
  SELECT s.id, s.settlement_date, s.from_user_id, s.to_user_id, s.amount_minor, s.currency, s.description,
         s.created_by
    FROM settlements s
   WHERE s.group_id = $1 AND s.deleted_at IS NULL
   ORDER BY s.settlement_date, s.id`;

const RULES = `
  SELECT r.id, r.template, r.frequency, r.start_date, r.end_date, r.occurrences_limit, r.time_zone, r.status,
         r.next_date, r.occurrences_created, r.created_by
    FROM recurring_expenses r
   WHERE r.group_id = $1
   ORDER BY r.created_at, r.id`;

const iso = (value: Date | string) => new Date(value).toISOString();

/** A split as the archive writes it: every figure exact, only the one its split type uses filled in. */
function archiveSplit(s: SplitPartRow, type: SplitType, currency: string): ArchiveSplit {
  return {
    member: s.user_id,
    amount: formatMoney(s.amount_minor, currency),
    percentage: type === 'percentage' && s.percentage !== null ? decimalText(Number(s.percentage)) : null,
    shares: type === 'shares' ? s.shares : null,
    adjustment:
      type === 'adjustment' && s.adjustment_minor !== null ? formatMoney(s.adjustment_minor, currency) : null,
  };
}

/** Payers most first (the domain's sortPayments), as every answer lists them. */
function archivePayers(payers: readonly PartRow[], currency: string): ArchivePart[] {
  return sortPayments(payers.map((p) => ({ user_id: p.user_id, amount: p.amount_minor }))).map((p) => ({
    member: p.user_id,
    amount: formatMoney(p.amount, currency),
  }));
}

/**
 * The whole group as Kitty's JSON export (openapi.yaml KittyArchive, docs/export-format.md) for one of its
 * members: everyone it names, every live expense with its payers, splits and comments, every settlement and
 * recurring expense, and the balances those rows make (the domain's computeBalances, so they are the
 * figures GET /financial/balances/group shows). Five queries whatever the size of the group.
 */
export async function groupArchive(db: Db, callerId: string, groupId: string): Promise<KittyArchive> {
  const group = await findGroupForMember(db, groupId, callerId);
  if (!group) throw notFound();
  const { rows: people } = await db.query<PersonRow>(PEOPLE, [group.id]);
  const { rows: expenses } = await db.query<ExpenseRow>(EXPENSES, [group.id]);
  const { rows: settlements } = await db.query<ArchiveSettlementRow>(SETTLEMENTS, [group.id]);
  const { rows: rules } = await db.query<ArchiveRuleRow>(RULES, [group.id]);

  const balanceExpenses: BalanceExpense[] = expenses.map((e) => ({
    id: e.id,
    paid_by: sortPayments(e.payers.map((p) => ({ user_id: p.user_id, amount: p.amount_minor })))[0]!.user_id,
    currency: e.currency,
    amount: e.amount_minor,
    shares: Object.fromEntries(e.splits.map((s) => [s.user_id, s.amount_minor])),
    payers: Object.fromEntries(e.payers.map((p) => [p.user_id, p.amount_minor])),
  }));
  const nets = computeBalances(
    balanceExpenses,
    settlements.map((s) => ({
      from: s.from_user_id,
      to: s.to_user_id,
      currency: s.currency,
      amount: s.amount_minor,
    })),
  );
  const currencies = Object.keys(nets).sort(byCodeUnit);

  return {
    format: 'kitty-group',
    version: 1,
    exported_at: new Date().toISOString(),
    group: {
      id: group.id,
      name: group.name,
      description: group.description === '' ? null : group.description,
      currency: group.currency,
      default_split_type: group.default_split_type as SplitType,
      created_at: iso(group.created_at),
    },
    members: people.map((p) => ({
      id: p.id,
      name: memberName(p),
      email: p.email,
      registered: p.registered,
      creator: p.id === group.created_by,
    })),
    expenses: expenses.map((e) => ({
      id: e.id,
      date: iso(e.date),
      description: e.description,
      category: e.category,
      currency: e.currency,
      amount: formatMoney(e.amount_minor, e.currency),
      notes: e.notes,
      split_type: e.split_type,
      leftover_start: e.leftover_start,
      payers: archivePayers(e.payers, e.currency),
      splits: e.splits.map((s) => archiveSplit(s, e.split_type, e.currency)),
      comments: e.comments.map((c) => ({ author: c.author_id, text: c.text, created_at: iso(c.created_at) })),
      created_by: e.created_by,
      created_at: iso(e.created_at),
      recurring_expense_id: e.recurring_expense_id,
      occurrence_date: e.occurrence_date,
    })),
    settlements: settlements.map((s) => ({
      id: s.id,
      date: iso(s.settlement_date),
      from: s.from_user_id,
      to: s.to_user_id,
      amount: formatMoney(s.amount_minor, s.currency),
      currency: s.currency,
      description: s.description,
      created_by: s.created_by,
    })),
    recurring_expenses: rules.map((r) => {
      // The template read as an occurrence would be (its shares by the domain, leftovers from the start).
      const t = parseTemplate(r, new Set([r.template.category]));
      return {
        id: r.id,
        status: r.status,
        schedule: {
          frequency: r.frequency,
          start_date: r.start_date,
          end_date: r.end_date,
          occurrences: r.occurrences_limit,
          time_zone: r.time_zone,
        },
        next_date: r.next_date,
        occurrences_created: r.occurrences_created,
        created_by: r.created_by,
        expense: {
          description: t.description,
          category: t.category,
          currency: t.currency,
          amount: formatMoney(t.amount_minor, t.currency),
          notes: t.notes,
          split_type: t.split_type,
          payers: archivePayers(
            t.payers.map((p) => ({ user_id: p.user_id, amount_minor: p.amount })),
            t.currency,
          ),
          splits: t.splits.map((s) => archiveSplit(s, t.split_type, t.currency)),
        },
      };
    }),
    balances: people.flatMap((p) =>
      currencies.flatMap((currency) => {
        const net = nets[currency]?.[p.id]?.net ?? 0;
        return net === 0 ? [] : [{ member: p.id, currency, amount: formatMoney(net, currency) }];
      }),
    ),
  };
}
