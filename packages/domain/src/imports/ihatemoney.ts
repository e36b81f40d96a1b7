import { allocate, leftoverCount } from '../allocate';
import { currencyExponent, isKnownCurrency } from '../currencies';
import { addMinor, asMinor, decimalOfNumber, type Minor, parseDecimalText, parseMoney } from '../money';
import { contentKeys } from './keys';
import { memberName } from './peerText';
import { refundExpense } from './refunds';
import { expenseProblem, isoDay, settlementProblem } from './rows';
import type {
  ImportedBalance,
  ImportedExpense,
  ImportedLedger,
  ImportedMember,
  ImportedSettlement,
  ImportOptions,
  ImportProblem,
} from './types';

// IHateMoney's bills export (spiral-project/ihatemoney, read at 52e5720, July 2026): web.py export_project
// writes Project.get_pretty_bills (models.py) as JSON (a list of bills, owers a list of names) or as CSV
// (utils.py list_of_dicts2csv: the same keys as the header, owers joined with ", ", text cells starting
// with = + - @ tab or a line break guarded with a quote). Each bill: what, bill_type ("Expense" or
// "Reimbursement"; missing before IHateMoney 7), amount (a float rounded to 2 decimals), currency (the
// bill's own; "XXX" in a project without currency; missing before IHateMoney 5), date ("2016-12-31"),
// payer_name, payer_weight (the payer's weight today) and owers. The export carries neither ids, nor the
// weight of someone who never paid, nor deactivated members as such, nor external links.

/** A bill as either file gives it, before checking: numbers as JSON numbers or CSV text. */
export interface IhatemoneyBillInput {
  line: number;
  what: unknown;
  billType: unknown;
  amount: unknown;
  currency: unknown;
  date: unknown;
  payerName: unknown;
  payerWeight: unknown;
  owers: unknown;
}

const NO_CURRENCY = 'XXX';

/** A number as the file writes it: a JSON number, or CSV text read the way Python's float() reads it. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || parseDecimalText(value.trim()) === null) return null;
  return Number(value.trim());
}

interface Bill {
  line: number;
  what: string;
  reimbursement: boolean;
  amount: unknown;
  currency: string;
  date: string;
  payer: string;
  weight: number;
  owers: string[];
}

/** The bill's fields checked for their kind, or why they are not a bill. */
function readBill(input: IhatemoneyBillInput): Bill | (string & {}) {
  if (typeof input.what !== 'string') return 'The bill has no "what"';
  if (typeof input.payerName !== 'string' || memberName(input.payerName) === '') return 'Nobody paid';
  if (!Array.isArray(input.owers) || input.owers.some((o) => typeof o !== 'string'))
    return 'The owers are not a list of names';
  const owers = (input.owers as string[]).map(memberName).filter((o) => o !== '');
  if (owers.length === 0) return 'Nobody shares it';
  const type = input.billType ?? 'Expense';
  if (type !== 'Expense' && type !== 'Reimbursement')
    return `The bill type ${JSON.stringify(type)} is not IHateMoney's`;
  const weight = numberOf(input.payerWeight);
  if (weight === null || !(weight > 0))
    return `The payer's weight ${JSON.stringify(input.payerWeight)} is not a number above zero`;
  const currency = typeof input.currency === 'string' ? input.currency.trim() : '';
  return {
    line: input.line,
    what: input.what,
    reimbursement: type === 'Reimbursement',
    amount: input.amount,
    currency: currency === '' ? NO_CURRENCY : currency,
    date: typeof input.date === 'string' ? input.date : '',
    payer: memberName(input.payerName),
    weight,
    owers,
  };
}

/**
 * The ledger of IHateMoney bills. Members as IHateMoney's own import finds them (utils.py get_members):
 * the payers in file order, then the owers; a member's weight is their payer_weight, 1 for an ower who
 * never paid (the export does not say theirs). Each bill's owers share its amount by weight, exactly: the
 * leftover cents by largest remainder (domain allocate), ties in name order from a counter that moves on
 * by the cents each bill leaves over, as a Kitty group spreads them.
 */
export function ihatemoneyLedger(
  format: 'ihatemoney-json' | 'ihatemoney-csv',
  inputs: readonly IhatemoneyBillInput[],
  options: ImportOptions,
): ImportedLedger {
  let assumedCurrency: string | null = null;
  // IHateMoney writes its JSON on one line: the bill's "what" says which bill a problem is about.
  const about = (what: unknown, message: string) =>
    typeof what === 'string' && what !== '' ? `${JSON.stringify(what)}: ${message}` : message;
  const bills: (Bill | { line: number; problem: string })[] = inputs.map((input) => {
    const bill = readBill(input);
    if (typeof bill === 'string') return { line: input.line, problem: about(input.what, bill) };
    // A project without a currency writes "XXX": its amounts are in the currency the person chose.
    if (bill.currency === NO_CURRENCY && options.currency) {
      assumedCurrency = options.currency;
      return { ...bill, currency: options.currency };
    }
    return bill;
  });
  const weights = new Map<string, { weight: number; line: number }>();
  const members: ImportedMember[] = [];
  for (const b of bills) {
    if ('problem' in b || weights.has(b.payer)) continue;
    weights.set(b.payer, { weight: b.weight, line: b.line });
    members.push({ name: b.payer, email: null });
  }
  for (const b of bills) {
    if ('problem' in b) continue;
    for (const o of b.owers) {
      if (weights.has(o)) continue;
      weights.set(o, { weight: 1, line: b.line });
      members.push({ name: o, email: null });
    }
  }
  const memberSet = new Set(members.map((m) => m.name));
  const weightOf = (name: string) => weights.get(name)?.weight ?? 1;

  const expenses: ImportedExpense[] = [];
  const settlements: ImportedSettlement[] = [];
  const problems: ImportProblem[] = [];
  const keyOf = contentKeys('ihatemoney');
  const used = new Map<string, number>();
  let rotation = 0;

  for (const b of bills) {
    if ('problem' in b) {
      problems.push({ line: b.line, message: b.problem });
      continue;
    }
    const problem = (message: string) => problems.push({ line: b.line, message: about(b.what, message) });
    const first = weights.get(b.payer);
    if (first && first.weight !== b.weight) {
      problem(`${b.payer}'s weight is ${b.weight} here but ${first.weight} on line ${first.line}`);
      continue;
    }
    if (b.currency === NO_CURRENCY) {
      problem(
        'The bill has no currency (its IHateMoney project has none): choose the currency its amounts are in',
      );
      continue;
    }
    if (!isKnownCurrency(b.currency)) {
      problem(`Currency ${b.currency} is not one Kitty supports`);
      continue;
    }
    const date = isoDay(b.date);
    if (!date) {
      problem(`The date ${JSON.stringify(b.date)} is not a day (YYYY-MM-DD)`);
      continue;
    }
    const money =
      typeof b.amount === 'number' || typeof b.amount === 'string' ? parseMoney(b.amount, b.currency) : null;
    if (!money?.ok) {
      problem(`The amount ${JSON.stringify(b.amount)} cannot be read${money ? `: ${money.error}` : ''}`);
      continue;
    }
    if (money.value === 0) {
      problem('The amount is not more than zero');
      continue;
    }
    if (money.value < 0 && b.reimbursement) {
      problem('A reimbursement of a negative amount');
      continue;
    }
    if (new Set(b.owers).size < b.owers.length) {
      problem('Someone is listed twice among the owers');
      continue;
    }
    const amount = money.value;
    const key = keyOf(JSON.stringify([date, b.what, b.reimbursement, b.currency, amount, b.payer, b.owers]));
    used.set(b.currency, (used.get(b.currency) ?? 0) + 1);
    if (b.reimbursement && b.owers.length === 1) {
      const settlement: ImportedSettlement = {
        line: b.line,
        key,
        date,
        from: b.payer,
        to: b.owers[0] as string,
        amount,
        currency: b.currency,
        description: b.what,
      };
      const why = settlementProblem(settlement, memberSet);
      if (why) problem(why);
      else settlements.push(settlement);
      continue;
    }
    const owerWeights = b.owers.map(weightOf);
    // A negative bill (a refund, or money received) is split like any other, its shares negative.
    const whole = Math.abs(amount);
    const sign = amount < 0 ? -1 : 1;
    const parts = allocate(whole, owerWeights, b.owers, rotation).map((p) => sign * p);
    rotation += leftoverCount(whole, owerWeights);
    const expense: ImportedExpense = {
      line: b.line,
      key,
      date,
      description: b.what,
      category: 'other',
      currency: b.currency,
      amount,
      notes: b.reimbursement ? 'A reimbursement in IHateMoney, to several people' : '',
      payers: [{ member: b.payer, amount }],
      splits: b.owers.map((member, i) => ({ member, amount: addMinor(0, parts[i] as number) })),
    };
    const imported = amount < 0 ? refundExpense(expense) : expense;
    const why = typeof imported === 'string' ? imported : expenseProblem(imported, memberSet);
    if (why) problem(why);
    else expenses.push(imported as ImportedExpense);
  }

  const main = [...used].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  return {
    format,
    groupName: null,
    currency: main,
    rows: inputs.length,
    members,
    expenses,
    settlements,
    recurring: [],
    problems,
    sourceBalances: ihatemoneyBalances(
      bills.filter((b): b is Bill => !('problem' in b)),
      members,
      weightOf,
    ),
    assumedCurrency,
  };
}

/**
 * IHateMoney's Project.full_balance (models.py), transcribed, floats and all: for each bill, the payer
 * gets the amount (paid or transferred) and each ower loses weight * amount / total_weight (spent or
 * received); balance = paid - spent + transferred - received, shown rounded to cents (shownRounded). IHateMoney first
 * converts every bill to the project's currency at the day's rate; the export has no rates, so this is
 * done per currency, over the bills in currencies Kitty knows. Null when there are none.
 */
function ihatemoneyBalances(
  bills: readonly Bill[],
  members: readonly ImportedMember[],
  weightOf: (name: string) => number,
): ImportedBalance[] | null {
  // currency -> member -> [paid, spent, transferred, received], each summed in file order as Python does.
  const totals = new Map<string, Map<string, [number, number, number, number]>>();
  for (const b of bills) {
    const amount = numberOf(b.amount);
    if (amount === null || !isKnownCurrency(b.currency)) continue;
    let byMember = totals.get(b.currency);
    if (!byMember) {
      byMember = new Map();
      totals.set(b.currency, byMember);
    }
    const of = (name: string) => {
      let sums = byMember.get(name);
      if (!sums) {
        sums = [0, 0, 0, 0];
        byMember.set(name, sums);
      }
      return sums;
    };
    const totalWeight = b.owers.reduce((sum, o) => sum + weightOf(o), 0);
    of(b.payer)[b.reimbursement ? 2 : 0] += amount;
    for (const o of b.owers) of(o)[b.reimbursement ? 3 : 1] += (weightOf(o) * amount) / totalWeight;
  }
  if (totals.size === 0) return null;
  const out: ImportedBalance[] = [];
  const currencies = [...totals.keys()].sort();
  for (const { name } of members) {
    for (const currency of currencies) {
      const [paid, spent, transferred, received] = totals.get(currency)?.get(name) ?? [0, 0, 0, 0];
      const amount = shownRounded(paid - spent + transferred - received, currencyExponent(currency));
      if (amount !== 0) out.push({ member: name, currency, amount });
    }
  }
  return out;
}

/**
 * A float balance in minor units as IHateMoney shows it: its templates format it with Babel's
 * format_currency, which reads the float through its shortest text (decimal.Decimal(str(value)),
 * babel/numbers.py NumberPattern.apply) and quantizes it in the default decimal context, half to even:
 * 48.375 shows as 48.38, -16.125 as -16.12.
 */
export function shownRounded(value: number, decimals: number): Minor {
  const d = decimalOfNumber(value);
  let units = d.coefficient;
  if (d.scale > decimals) {
    const divisor = 10n ** BigInt(d.scale - decimals);
    const rest = units % divisor;
    units /= divisor;
    if (rest * 2n > divisor || (rest * 2n === divisor && units % 2n === 1n)) units += 1n;
  } else units *= 10n ** BigInt(decimals - d.scale);
  return asMinor(Number(d.negative ? -units : units) + 0);
}
