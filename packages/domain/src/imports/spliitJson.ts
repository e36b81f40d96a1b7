import { allocate } from '../allocate';
import { addMinor, formatScaled } from '../money';
import { asObject, parseJsonWithLines } from './jsonLines';
import { currencyOrChosen, memberName, unreadable } from './peerText';
import { type ImportReader, NO_IMPORT_OPTIONS } from './reader';
import { refundExpense } from './refunds';
import { expenseProblem, isoDay, settlementProblem } from './rows';
import {
  SPLIT_MODES,
  type SpliitShareInput,
  type SpliitSplitMode,
  spliitAmountText,
  spliitBalances,
  spliitCategory,
  spliitExpenseShares,
  spliitHash,
  spliitUnitFactor,
} from './spliit';
import type {
  ImportOptions,
  ImportedExpense,
  ImportedLedger,
  ImportedMember,
  ImportedSettlement,
  ImportParseResult,
  ImportProblem,
} from './types';

// Spliit's group export in JSON: src/app/groups/[groupId]/expenses/export/json/route.ts (spliit-app/spliit)
// is the group as Prisma selects it: { id, name, information, currency (a symbol), currencyCode (ISO, null
// for groups made before April 2025), participants: [{ id, name }], expenses: [{ id, createdAt,
// expenseDate ("2024-05-01T00:00:00.000Z", a date-only column), title, category: { grouping, name } | null,
// amount (integer minor units of the group's currency), originalAmount, originalCurrency, conversionRate
// (a decimal string), paidById, paidFor: [{ participantId, shares }], isReimbursement, splitMode,
// recurrenceRule, notes }], activities }. Receipts (documents) are not in the export.

const RECURRENCE: Readonly<Record<string, string>> = { DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly' };

function sniff(content: string): boolean {
  if (!/^\s*\{/.test(content)) return false;
  if (/"format"\s*:\s*"kitty-group"/.test(content)) return false;
  return (
    /"participants"\s*:\s*\[/.test(content) &&
    /"expenses"\s*:\s*\[/.test(content) &&
    /"currency"\s*:/.test(content)
  );
}

interface SpliitExpense extends SpliitShareInput {
  paidById: string;
  isReimbursement: boolean;
}

function parse(content: string, options: ImportOptions = NO_IMPORT_OPTIONS): ImportParseResult {
  const json = parseJsonWithLines(content);
  if (!json.ok) return json;
  const { lineOf } = json;
  const group = asObject(json.value);
  const participantsIn = group?.participants;
  const expensesIn = group?.expenses;
  if (!group || !Array.isArray(participantsIn) || !Array.isArray(expensesIn)) {
    return unreadable(1, 'This is not a Spliit group export: it has no participants and expenses');
  }
  if (expensesIn.length === 0) return unreadable(lineOf(expensesIn), 'The Spliit export has no expenses');

  const members: ImportedMember[] = [];
  const nameOf = new Map<string, string>();
  const byName = new Set<string>();
  for (const p of participantsIn) {
    const participant = asObject(p);
    const line = participant ? lineOf(participant) : lineOf(participantsIn);
    if (!participant || typeof participant.id !== 'string' || typeof participant.name !== 'string') {
      return unreadable(line, `A participant without an id and a name`);
    }
    const name = memberName(participant.name);
    if (name === '') return unreadable(line, `A participant without a name`);
    if (nameOf.has(participant.id)) {
      return unreadable(line, `Two participants have the id ${participant.id}`);
    }
    if (byName.has(name)) {
      return unreadable(line, `Two participants are called ${name}; rename one in Spliit and export again`);
    }
    byName.add(name);
    nameOf.set(participant.id, name);
    members.push({ name, email: null });
  }

  // One currency per Spliit group: its ISO code, or for older groups the symbol they chose.
  const written =
    typeof group.currencyCode === 'string' && group.currencyCode !== '' ? group.currencyCode : group.currency;
  const symbol = typeof written === 'string' ? written : '';
  // A symbol several currencies share ("$") is the currency the person chose.
  const { currency, assumed } = currencyOrChosen(symbol, options.currency);
  const factor = currency ? spliitUnitFactor(currency) : null;

  const expenses: ImportedExpense[] = [];
  const settlements: ImportedSettlement[] = [];
  const problems: ImportProblem[] = [];
  const computable: SpliitExpense[] = [];
  const memberSet = new Set(members.map((m) => m.name));
  const seen = new Map<string, number>();

  for (const item of expensesIn) {
    const raw = asObject(item);
    const line = raw ? lineOf(raw) : lineOf(expensesIn);
    // Spliit writes its export on one line: the title says which expense a problem is about.
    const title = typeof raw?.title === 'string' ? raw.title : '';
    const problem = (message: string) =>
      problems.push({ line, message: title === '' ? message : `${JSON.stringify(title)}: ${message}` });
    const expense = raw ? readExpense(raw) : 'An expense is not an object';
    if (typeof expense === 'string') {
      problem(expense);
      continue;
    }
    const before = seen.get(expense.id);
    if (before !== undefined) {
      problem(`The expense id ${expense.id} is already the expense on line ${before}`);
      continue;
    }
    seen.set(expense.id, line);
    const unknown = [expense.paidById, ...expense.paidFor.map((p) => p.participantId)].find(
      (id) => !nameOf.has(id),
    );
    if (unknown !== undefined) {
      problem(`Participant ${unknown} is not in the export's participants`);
      continue;
    }
    computable.push(expense);
    if (!currency || factor === null) {
      problem(
        `The group's currency "${symbol}" is not one Kitty supports, or says too little: choose the currency its amounts are in`,
      );
      continue;
    }
    const date = isoDay(String(raw?.expenseDate ?? '').slice(0, 10));
    if (!date) {
      problem(`The date ${JSON.stringify(raw?.expenseDate)} is not a day`);
      continue;
    }
    const payer = nameOf.get(expense.paidById) as string;
    if (expense.amount < 0) {
      const imported = incomeOf(expense, raw as Record<string, unknown>, nameOf, {
        line,
        date,
        title,
        currency,
        factor,
      });
      if (typeof imported === 'string') problem(imported);
      else {
        const why = expenseProblem(imported, memberSet);
        if (why) problem(why);
        else expenses.push(imported);
      }
      continue;
    }
    const split = spliitSplit(expense);
    if (typeof split === 'string') {
      problem(split);
      continue;
    }
    const amount = addMinor(0, expense.amount * factor);
    const receivers = expense.paidFor.map((p) => nameOf.get(p.participantId) as string);
    if (expense.isReimbursement && receivers.length === 1) {
      const settlement: ImportedSettlement = {
        line,
        key: `spliit:${expense.id}`,
        date,
        from: payer,
        to: receivers[0] as string,
        amount,
        currency,
        description: title,
      };
      const why = settlementProblem(settlement, memberSet);
      if (why) problem(why);
      else settlements.push(settlement);
      continue;
    }
    const { category, note } = spliitCategory(asObject(raw?.category)?.name as string | undefined);
    const imported: ImportedExpense = {
      line,
      key: `spliit:${expense.id}`,
      date,
      description: title,
      category,
      currency,
      amount,
      notes: notesOf(raw as Record<string, unknown>, expense, note),
      payers: [{ member: payer, amount }],
      splits: expense.paidFor.map((p, i) => ({
        member: receivers[i] as string,
        amount: addMinor(0, (split.get(p.participantId) as number) * factor),
      })),
    };
    const why = expenseProblem(imported, memberSet);
    if (why) problem(why);
    else expenses.push(imported);
  }

  const ledger: ImportedLedger = {
    format: 'spliit-json',
    groupName: typeof group.name === 'string' && group.name.trim() !== '' ? group.name.trim() : null,
    currency,
    rows: expensesIn.length,
    members,
    expenses,
    settlements,
    recurring: [],
    problems,
    assumedCurrency: assumed ? currency : null,
    sourceBalances:
      currency && factor !== null
        ? spliitBalances(
            computable,
            [...nameOf].map(([id, name]) => ({ id, name })),
            currency,
            factor,
          )
        : null,
  };
  return { ok: true, ledger };
}

/** The fields the split needs, checked, or why the item is not a Spliit expense. */
function readExpense(raw: Record<string, unknown>): SpliitExpense | (string & {}) {
  const { id, amount, paidById, paidFor, splitMode } = raw;
  if (typeof id !== 'string' || id === '') return 'The expense has no id';
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount))
    return 'The amount is not a whole number of cents';
  if (typeof paidById !== 'string') return 'Nobody paid';
  if (!Array.isArray(paidFor)) return 'Nobody shares it';
  if (!SPLIT_MODES.includes(splitMode as SpliitSplitMode))
    return `The split mode ${JSON.stringify(splitMode)} is not Spliit's`;
  const parts: SpliitExpense['paidFor'] = [];
  for (const p of paidFor) {
    const part = asObject(p);
    if (!part || typeof part.participantId !== 'string') return 'A share names no participant';
    const shares = part.shares ?? 1;
    if (typeof shares !== 'number' || !Number.isSafeInteger(shares)) return 'A share is not a whole number';
    parts.push({ participantId: part.participantId, shares });
  }
  return {
    id,
    amount,
    paidById,
    splitMode: splitMode as SpliitSplitMode,
    paidFor: parts,
    isReimbursement: raw.isReimbursement === true,
  };
}

/**
 * The expense's shares in Spliit's minor units by Spliit's rule (src/lib/shares.ts getExpenseShares):
 * evenly, or in proportion to the shares, the leftover units by largest remainder, ties in participant id
 * order from the (hash of the expense id mod n)-th: exactly Kitty's allocate with the participant ids as
 * keys and that rotation. Spliit also splits BY_AMOUNT and BY_PERCENTAGE rows whose figures do not add up
 * (it normalises them); those are problems here, with the figures as the file has them.
 */
function spliitSplit(e: SpliitExpense): Map<string, number> | string {
  if (e.amount <= 0) return 'The amount is not more than zero';
  if (e.paidFor.length === 0) return 'Nobody shares it';
  if (new Set(e.paidFor.map((p) => p.participantId)).size < e.paidFor.length)
    return 'Someone is listed twice in the split';
  if (e.splitMode !== 'EVENLY' && e.paidFor.some((p) => p.shares < 0)) return 'A share is negative';
  const sum = e.paidFor.reduce((total, p) => total + BigInt(p.shares), 0n);
  if (e.splitMode === 'BY_AMOUNT' && sum !== BigInt(e.amount)) {
    return `The amounts of the split add up to ${sum} cents, not ${e.amount}`;
  }
  if (e.splitMode === 'BY_PERCENTAGE' && sum !== 10000n) {
    return `The percentages add up to ${formatScaled(sum, 2)}%, not 100%`;
  }
  if (e.splitMode === 'BY_SHARES' && sum === 0n) return 'The shares add up to zero';
  const weights = e.paidFor.map((p) => (e.splitMode === 'EVENLY' ? 1 : p.shares));
  const keys = e.paidFor.map((p) => p.participantId);
  const parts = allocate(e.amount, weights, keys, spliitHash(e.id) % keys.length);
  return new Map(keys.map((k, i) => [k, parts[i] as number]));
}

/**
 * An income (a negative amount: money the group received, which Spliit splits like an expense) as the
 * expense that moves every balance as Spliit does (refunds.ts): Spliit's own shares of the negative amount
 * (getExpenseShares floors them, so they are not Kitty's allocate of its opposite), the payer's balance
 * down by the amount less their share, each other participant's up by theirs.
 */
function incomeOf(
  e: SpliitExpense,
  raw: Record<string, unknown>,
  nameOf: ReadonlyMap<string, string>,
  row: { line: number; date: string; title: string; currency: string; factor: number },
): ImportedExpense | string {
  if (e.isReimbursement) return 'A reimbursement of a negative amount';
  const why = incomeSplitProblem(e);
  if (why) return why;
  const { category, note } = spliitCategory(asObject(raw.category)?.name as string | undefined);
  const amount = addMinor(0, e.amount * row.factor);
  return refundExpense({
    line: row.line,
    key: `spliit:${e.id}`,
    date: row.date,
    description: row.title,
    category,
    currency: row.currency,
    amount,
    notes: notesOf(raw, e, note),
    payers: [{ member: nameOf.get(e.paidById) as string, amount }],
    splits: [...spliitExpenseShares(e)].map(([id, share]) => ({
      member: nameOf.get(id) as string,
      amount: addMinor(0, share * row.factor),
    })),
  });
}

/**
 * Why Spliit's split of an income cannot be carried: the figures as spliitSplit checks them, an income's
 * amounts by amount being its negative shares. Spliit's float arithmetic is exact while the amount times
 * the shares stays a safe integer; beyond, refused rather than guessed.
 */
function incomeSplitProblem(e: SpliitExpense): string | null {
  if (e.paidFor.length === 0) return 'Nobody shares it';
  if (new Set(e.paidFor.map((p) => p.participantId)).size < e.paidFor.length)
    return 'Someone is listed twice in the split';
  const sum = e.paidFor.reduce((total, p) => total + BigInt(p.shares), 0n);
  if (e.splitMode === 'BY_AMOUNT') {
    if (e.paidFor.some((p) => p.shares > 0)) return 'An income split by amount with a share above zero';
    if (sum !== BigInt(e.amount)) return `The amounts of the split add up to ${sum} cents, not ${e.amount}`;
    return null;
  }
  if (e.splitMode !== 'EVENLY' && e.paidFor.some((p) => p.shares < 0)) return 'A share is negative';
  if (e.splitMode === 'BY_PERCENTAGE' && sum !== 10000n) {
    return `The percentages add up to ${formatScaled(sum, 2)}%, not 100%`;
  }
  if (e.splitMode === 'BY_SHARES' && sum === 0n) return 'The shares add up to zero';
  const total = e.splitMode === 'EVENLY' ? e.paidFor.length : Number(sum);
  if (!Number.isSafeInteger(e.amount * total)) return 'The amount is too large to split exactly';
  return null;
}

function notesOf(raw: Record<string, unknown>, e: SpliitExpense, categoryNote: string | null): string {
  const lines: string[] = [];
  if (typeof raw.notes === 'string' && raw.notes.trim() !== '') lines.push(raw.notes.trim());
  const originalCurrency = typeof raw.originalCurrency === 'string' ? raw.originalCurrency : null;
  if (typeof raw.originalAmount === 'number' && raw.originalAmount !== 0 && originalCurrency) {
    const rate =
      raw.conversionRate === null || raw.conversionRate === undefined
        ? ''
        : ` at ${String(raw.conversionRate)}`;
    lines.push(
      `Entered in Spliit as ${spliitAmountText(raw.originalAmount, originalCurrency)} ${originalCurrency}${rate}`,
    );
  }
  if (categoryNote) lines.push(categoryNote);
  const recurrence = typeof raw.recurrenceRule === 'string' ? RECURRENCE[raw.recurrenceRule] : undefined;
  if (recurrence) lines.push(`Repeated ${recurrence} in Spliit`);
  if (e.isReimbursement) lines.push('A reimbursement in Spliit, to several people');
  return lines.join('\n');
}

/** Spliit's group export (JSON): exact, with the expenses' ids. */
export const readSpliitJson: ImportReader = { format: 'spliit-json', sniff, parse };
