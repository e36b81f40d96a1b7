import { CATEGORY_DISPLAY_NAMES, type ExpenseCategory } from '../categories';
import { currencyExponent } from '../currencies';
import { addMinor, formatScaled } from '../money';
import type { ImportedBalance } from './types';

// Spliit's rules the two Spliit readers share (spliit-app/spliit, read at edcf11e, August 2026).

/**
 * Spliit's categories by name (prisma/migrations/20240108194443_add_categories/migration.sql and
 * 20250308000000_add_category_donation) and the Kitty category each becomes.
 */
const SPLIIT_CATEGORIES: Readonly<Record<string, ExpenseCategory>> = {
  General: 'other',
  Payment: 'other',
  Entertainment: 'entertainment',
  Games: 'entertainment',
  Movies: 'entertainment',
  Music: 'entertainment',
  Sports: 'entertainment',
  'Food and Drink': 'dining',
  'Dining Out': 'dining',
  Groceries: 'groceries',
  Liquor: 'groceries',
  Home: 'other',
  Electronics: 'shopping',
  Furniture: 'shopping',
  'Household Supplies': 'shopping',
  Maintenance: 'utilities',
  Mortgage: 'rent',
  Pets: 'other',
  Rent: 'rent',
  Services: 'utilities',
  Childcare: 'other',
  Clothing: 'shopping',
  Education: 'other',
  Gifts: 'gifts',
  Insurance: 'other',
  'Medical Expenses': 'health',
  Taxes: 'other',
  Donation: 'gifts',
  Transportation: 'transport',
  Bicycle: 'transport',
  'Bus/Train': 'transport',
  Car: 'transport',
  'Gas/Fuel': 'transport',
  Hotel: 'accommodation',
  Parking: 'transport',
  Plane: 'travel',
  Taxi: 'transport',
  Utilities: 'utilities',
  Cleaning: 'utilities',
  Electricity: 'utilities',
  'Heat/Gas': 'utilities',
  Trash: 'utilities',
  'TV/Phone/Internet': 'utilities',
  Water: 'utilities',
};

/**
 * The Kitty category of a Spliit category name, and the line for the notes when Kitty's name says less
 * than Spliit's ("Category in Spliit: Bus/Train"); Spliit's default "General" and unknown names are Other.
 */
export function spliitCategory(name: string | null | undefined): {
  category: ExpenseCategory;
  note: string | null;
} {
  const written = (name ?? '').trim();
  const category = Object.hasOwn(SPLIIT_CATEGORIES, written)
    ? (SPLIIT_CATEGORIES[written] as ExpenseCategory)
    : 'other';
  const same =
    written === '' ||
    written === 'General' ||
    written === 'Payment' ||
    written === CATEGORY_DISPLAY_NAMES[category];
  return { category, note: same ? null : `Category in Spliit: ${written}` };
}

/**
 * How many decimals Spliit's minor units have in a currency (src/lib/currency-data.json decimal_digits; a
 * group without a currency code, or an unknown code, has 2, as getCurrencyFromGroup and getCurrency say).
 */
export function spliitDigits(code: string | null | undefined): number {
  return code && ['HUF', 'IDR', 'ISK', 'JPY', 'KRW', 'VND', 'COP'].includes(code) ? 0 : 2;
}

/**
 * How many of Kitty's minor units one of Spliit's is in `code`: 1, or 100 for the forint (whole forints in
 * Spliit, two decimals in Kitty). Null when Kitty has fewer decimals than Spliit (no such currency today).
 */
export function spliitUnitFactor(code: string): number | null {
  const diff = currencyExponent(code) - spliitDigits(code);
  return diff < 0 ? null : 10 ** diff;
}

/** Spliit minor units of `code` as decimal text ("1000.00"), for notes. */
export function spliitAmountText(minor: number, code: string | null | undefined): string {
  return formatScaled(BigInt(minor), spliitDigits(code));
}

export const SPLIT_MODES = ['EVENLY', 'BY_SHARES', 'BY_PERCENTAGE', 'BY_AMOUNT'] as const;
export type SpliitSplitMode = (typeof SPLIT_MODES)[number];

export interface SpliitShareInput {
  id: string;
  amount: number;
  splitMode: SpliitSplitMode;
  paidFor: { participantId: string; shares: number }[];
}

// ---- Spliit's own arithmetic, transcribed for the balances Spliit shows (sourceBalances) ---------------
// The import itself splits with Kitty's allocate (exact BigInt arithmetic, the same largest-remainder rule
// and the same rotation); these transcriptions are what Spliit computes, floats and all, so the preview can
// set Spliit's figures beside the imported ones, problem rows included (a negative "income", shares that
// Spliit normalises).

/** Spliit's hashString (src/lib/shares.ts): FNV-1a, 32 bits, of the expense id. */
export function spliitHash(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Spliit's getExpenseShares with its apportion (src/lib/shares.ts), line for line. */
export function spliitExpenseShares(expense: SpliitShareInput): Map<string, number> {
  const paidFors = [...expense.paidFor].sort((a, b) => (a.participantId < b.participantId ? -1 : 1));
  const shares = paidFors.map(({ shares }) => (expense.splitMode === 'EVENLY' ? 1 : shares));
  const totalShares = shares.reduce((sum, share) => sum + share, 0);
  const offset = expense.id && paidFors.length > 0 ? spliitHash(expense.id) % paidFors.length : 0;
  const count = shares.length;
  let amounts: number[] = [];
  if (totalShares === 0) amounts = shares.map(() => 0);
  else {
    const remainders: { index: number; remainder: number }[] = [];
    let distributed = 0;
    shares.forEach((share, index) => {
      const exact = expense.amount * share;
      const base = Math.floor(exact / totalShares);
      amounts.push(base);
      distributed += base;
      remainders.push({ index, remainder: exact - base * totalShares });
    });
    const remaining = expense.amount - distributed;
    const rotate = (index: number) => (index - offset + count) % count;
    remainders.sort((a, b) =>
      a.remainder !== b.remainder ? b.remainder - a.remainder : rotate(a.index) - rotate(b.index),
    );
    for (let i = 0; i < remaining; i++) amounts[remainders[i]!.index]! += 1;
  }
  return new Map(paidFors.map(({ participantId }, index) => [participantId, amounts[index]!]));
}

/**
 * Spliit's getBalances (src/lib/balances.ts): each payer is owed the amount, each participant owes their
 * share, reimbursements counted like any expense; `total` is round(paid) - round(paidFor), in Spliit's
 * minor units. Returned as Kitty balances (times `factor`) in the order of `members`, zeros left out.
 */
export function spliitBalances(
  expenses: readonly (SpliitShareInput & { paidById: string })[],
  members: readonly { id: string; name: string }[],
  currency: string,
  factor: number,
): ImportedBalance[] {
  const balances = new Map<string, { paid: number; paidFor: number }>();
  const of = (id: string) => {
    let b = balances.get(id);
    if (!b) {
      b = { paid: 0, paidFor: 0 };
      balances.set(id, b);
    }
    return b;
  };
  for (const expense of expenses) {
    of(expense.paidById).paid += expense.amount;
    for (const [id, share] of spliitExpenseShares(expense)) of(id).paidFor += share;
  }
  const out: ImportedBalance[] = [];
  for (const { id, name } of members) {
    const b = balances.get(id);
    if (!b) continue;
    const total = Math.round(b.paid) + 0 - (Math.round(b.paidFor) + 0);
    if (total !== 0) out.push({ member: name, currency, amount: addMinor(0, total * factor) });
  }
  return out;
}
