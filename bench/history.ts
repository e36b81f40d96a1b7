import { randomUUID } from 'node:crypto';
import {
  EXPENSE_CATEGORIES,
  type SplitDetails,
  type SplitType,
  splitExpense,
} from '../packages/domain/src/index';
import { newExpenseId } from '../packages/server/src/expenses/ids';
import { newTransactionId } from '../packages/server/src/financial/record';
import type { Random } from './random';

/** One expense as the server would have written it: every share computed by the domain's splitExpense. */
export interface SeedExpense {
  id: string;
  group_id: string;
  description: string;
  amount_minor: number;
  currency: string;
  category: string;
  date: Date;
  paid_by: string;
  split_type: SplitType;
  split_details: SplitDetails;
  splits: SeedSplit[];
  /** participant id -> share in minor units (the domain's BalanceExpense shape). */
  shares: Record<string, number>;
}

export interface SeedSplit {
  user_id: string;
  amount_minor: number;
  percentage: number | null;
  shares: number | null;
}

export interface SeedSettlement {
  id: string;
  group_id: string;
  from: string;
  to: string;
  amount: number;
  currency: string;
  date: Date;
  transaction_id: string;
  /** The payer's net in the group and currency right after it (the 'created' audit event keeps it). */
  payer_balance_after_minor: number;
}

export interface GroupPlan {
  id: string;
  name: string;
  currency: string;
  members: string[];
  expenses: number;
  /** About one settlement per this many expenses; 0: none. */
  settleEvery: number;
}

export interface GroupHistory {
  expenses: SeedExpense[];
  settlements: SeedSettlement[];
}

const DESCRIPTIONS = [
  'Groceries',
  'Dinner',
  'Lunch',
  'Train tickets',
  'Taxi',
  'Fuel',
  'Rent',
  'Electricity',
  'Internet',
  'Cinema',
  'Museum',
  'Coffee',
  'Hotel',
  'Flights',
  'Pharmacy',
  'Birthday present',
  'Cleaning supplies',
  'Concert tickets',
  'Breakfast',
  'Parking',
];

const OTHER_CURRENCY: Record<string, string> = { EUR: 'USD', USD: 'EUR', CZK: 'EUR', GBP: 'EUR' };
const DAY_MS = 86_400_000;

/**
 * A group's history over the last `days` days: expenses of mixed size, participants and split type
 * (equal, shares, percentage), now and then in a second currency, and occasional settlements from the
 * largest debtor to the largest creditor. Returned in date order.
 */
export function groupHistory(plan: GroupPlan, rng: Random, days: number, now = Date.now()): GroupHistory {
  const start = now - days * DAY_MS;
  const end = now - 3_600_000;
  const times = Array.from({ length: plan.expenses }, () => start + Math.floor(rng.next() * (end - start)));
  times.sort((a, b) => a - b);
  const net = new Map<string, number>(plan.members.map((m) => [m, 0]));
  const expenses: SeedExpense[] = [];
  const settlements: SeedSettlement[] = [];
  for (const time of times) {
    const expense = oneExpense(plan, rng, new Date(time));
    expenses.push(expense);
    if (expense.currency === plan.currency) {
      net.set(expense.paid_by, (net.get(expense.paid_by) ?? 0) + expense.amount_minor);
      for (const [user, share] of Object.entries(expense.shares)) net.set(user, (net.get(user) ?? 0) - share);
    }
    if (plan.settleEvery > 0 && rng.chance(1 / plan.settleEvery)) {
      const s = settleSome(plan, net, new Date(time + 1_000));
      if (s) settlements.push(s);
    }
  }
  return { expenses, settlements };
}

function oneExpense(plan: GroupPlan, rng: Random, date: Date): SeedExpense {
  const paid_by = rng.pick(plan.members);
  const everyone = rng.chance(0.25);
  const others = plan.members.filter((m) => m !== paid_by);
  const count = everyone ? others.length : rng.int(1, Math.min(7, others.length));
  const participants = rng.chance(0.85) ? [paid_by, ...rng.sample(others, count)] : rng.sample(others, count);
  const amount_minor = rng.int(1, 400) * rng.int(25, 150);
  const kind = rng.next();
  let split_type: SplitType = 'equal';
  let split_details: SplitDetails = {};
  if (kind < 0.1) {
    split_type = 'shares';
    split_details = { shares: Object.fromEntries(participants.map((p) => [p, rng.int(1, 3)])) };
  } else if (kind < 0.2) {
    split_type = 'percentage';
    const base = Math.floor(100 / participants.length);
    const extra = 100 % participants.length;
    split_details = {
      percentages: Object.fromEntries(participants.map((p, i) => [p, base + (i < extra ? 1 : 0)])),
    };
  }
  const shares = splitExpense({ amount: amount_minor, participants, split_type, details: split_details });
  return {
    id: newExpenseId(),
    group_id: plan.id,
    description: rng.pick(DESCRIPTIONS),
    amount_minor,
    currency: rng.chance(0.05) ? (OTHER_CURRENCY[plan.currency] ?? 'EUR') : plan.currency,
    category: rng.pick(EXPENSE_CATEGORIES),
    date,
    paid_by,
    split_type,
    split_details,
    shares,
    splits: participants.map((user_id) => ({
      user_id,
      amount_minor: shares[user_id] as number,
      percentage: split_type === 'percentage' ? (split_details.percentages?.[user_id] ?? 0) : null,
      shares: split_type === 'shares' ? (split_details.shares?.[user_id] ?? 0) : null,
    })),
  };
}

/** Half of what the largest debtor owes, or is owed by the largest creditor, whichever is less. */
function settleSome(plan: GroupPlan, net: Map<string, number>, date: Date): SeedSettlement | null {
  const byNet = [...net.entries()].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  const [debtor, owes] = byNet[0] as [string, number];
  const [creditor, owed] = byNet[byNet.length - 1] as [string, number];
  const amount = Math.floor(Math.min(-owes, owed) / 2);
  if (amount < 100) return null;
  net.set(debtor, owes + amount);
  net.set(creditor, owed - amount);
  return {
    id: randomUUID(),
    group_id: plan.id,
    from: debtor,
    to: creditor,
    amount,
    currency: plan.currency,
    date,
    transaction_id: newTransactionId(),
    payer_balance_after_minor: owes + amount,
  };
}
