import { addMinor, formatMoney, parseMoney, sumMinor } from '../money';
import { readCsv } from './csvRecords';
import { contentKeys } from './keys';
import { addExpenseNets, balanceList } from './ledgerBalances';
import { currencyOrChosen, firstCsvLine, memberName, unguardFormula, unreadable } from './peerText';
import { type ImportReader, NO_IMPORT_OPTIONS } from './reader';
import { refundExpense } from './refunds';
import { expenseProblem, isoDay, settlementProblem } from './rows';
import { spliitCategory } from './spliit';
import type {
  ImportOptions,
  ImportedExpense,
  ImportedLedger,
  ImportedMember,
  ImportedPart,
  ImportedSettlement,
  ImportParseResult,
  ImportProblem,
} from './types';

// Spliit's CSV export: src/app/groups/[groupId]/expenses/export/csv/route.ts (spliit-app/spliit), written by
// @json2csv/plainjs (every text quoted, numbers bare, a byte-order mark first). Columns: Date (YYYY-MM-DD),
// Description, Category (its name), Currency (the group's code, or its symbol), Cost (decimal), Original
// cost, Original currency, Conversion rate, Is Reimbursement (Yes/No), Split mode, then one column per
// participant: that participant's share of the cost (Spliit's own apportionment since August 2026, so the
// shares add up to the cost), positive in the payer's column and negative in everyone else's. Exports made
// before the currency conversion (2025) lack the three Original/Conversion columns.
//
// The file has no ids and does not name the payer: the payer is the one positive column, or, when the payer
// had no share, the one column at zero; when several columns are zero the row cannot say who paid.

const FIXED = ['Date', 'Description', 'Category', 'Currency', 'Cost'] as const;
const OPTIONAL = ['Original cost', 'Original currency', 'Conversion rate'] as const;
const REIMBURSEMENT = 'Is Reimbursement';
const SPLIT_MODE = 'Split mode';

/** The header's layout: where each column is and the participants' columns after Split mode. */
function layout(header: readonly string[]): { column: Map<string, number>; firstMember: number } | null {
  for (const [i, name] of FIXED.entries()) if (header[i] !== name) return null;
  const optional = header[5] === OPTIONAL[0] ? OPTIONAL.length : 0;
  for (let i = 0; i < optional; i++) if (header[5 + i] !== OPTIONAL[i]) return null;
  const at = 5 + optional;
  if (header[at] !== REIMBURSEMENT || header[at + 1] !== SPLIT_MODE) return null;
  return { column: new Map(header.slice(0, at + 2).map((name, i) => [name, i])), firstMember: at + 2 };
}

function sniff(content: string): boolean {
  const header = firstCsvLine(content);
  return header !== null && layout(header) !== null;
}

function parse(content: string, options: ImportOptions = NO_IMPORT_OPTIONS): ImportParseResult {
  const read = readCsv(content);
  if (!read.ok) return read;
  const [head, ...records] = read.records;
  const shape = head ? layout(head.cells) : null;
  if (!head || !shape) {
    return unreadable(
      head?.line ?? 1,
      "This is not a Spliit CSV export: its first line is not Spliit's header",
    );
  }
  if (records.length === 0) return unreadable(head.line, 'The Spliit export has no expenses');
  const members: ImportedMember[] = [];
  for (const cell of head.cells.slice(shape.firstMember)) {
    const name = memberName(unguardFormula(cell));
    if (name === '') return unreadable(head.line, `A participant's column has no name`);
    if (members.some((m) => m.name === name)) {
      return unreadable(
        head.line,
        `Two participants are called ${name}; rename one in Spliit and export again`,
      );
    }
    members.push({ name, email: null });
  }
  const memberSet = new Set(members.map((m) => m.name));
  const col = (cells: readonly string[], name: string) => cells[shape.column.get(name) ?? -1] ?? '';
  const keyOf = contentKeys('spliit-csv');

  const expenses: ImportedExpense[] = [];
  const settlements: ImportedSettlement[] = [];
  const problems: ImportProblem[] = [];
  // Spliit's balances as the file's columns say them: null once a row cannot say who paid.
  let source: Map<string, Map<string, number>> | null = new Map();
  let mainCurrency: string | null = null;
  let assumedCurrency: string | null = null;

  for (const { line, cells } of records) {
    const problem = (message: string) => problems.push({ line, message });
    const key = keyOf(JSON.stringify(cells));
    if (cells.length !== head.cells.length) {
      source = null;
      problem(`The row has ${cells.length} columns, the header ${head.cells.length}`);
      continue;
    }
    const written = col(cells, 'Currency');
    const { currency, assumed } = currencyOrChosen(written, options.currency);
    if (assumed) assumedCurrency = currency;
    if (!currency) {
      source = null;
      problem(
        `The currency "${written}" is not one Kitty supports, or says too little: choose the currency its amounts are in`,
      );
      continue;
    }
    mainCurrency ??= currency;
    const cost = parseMoney(col(cells, 'Cost'), currency);
    const values = cells.slice(shape.firstMember).map((cell) => parseMoney(cell, currency));
    const bad = [cost, ...values].find((v) => !v.ok);
    if (bad && !bad.ok) {
      source = null;
      problem(`An amount cannot be read: ${bad.error}`);
      continue;
    }
    const amount = cost.ok ? cost.value : addMinor(0, 0);
    const columns = values.map((v) => (v.ok ? v.value : 0));
    // The payer's column holds their share, the others' its opposite: for an income (a negative cost)
    // the signs turn round.
    const payer = payerIndex(columns.map((v) => (amount < 0 ? -v : v)));
    if (typeof payer === 'string') {
      source = null;
      problem(payer);
      continue;
    }
    const payerName = members[payer]?.name as string;
    const splits: ImportedPart[] = [];
    columns.forEach((v, i) => {
      if (v !== 0)
        splits.push({ member: members[i]?.name as string, amount: addMinor(0, i === payer ? v : -v) });
    });
    const date = isoDay(col(cells, 'Date'));
    const description = unguardFormula(col(cells, 'Description'));
    const reimbursement = col(cells, REIMBURSEMENT) === 'Yes';
    const { category, note } = spliitCategory(unguardFormula(col(cells, 'Category')));
    const notes: string[] = [];
    const original = col(cells, 'Original cost');
    if (original !== '') {
      const rate = col(cells, 'Conversion rate');
      notes.push(
        `Entered in Spliit as ${original} ${col(cells, 'Original currency')}${rate === '' ? '' : ` at ${rate}`}`,
      );
    }
    if (note) notes.push(note);
    if (reimbursement && splits.length > 1) notes.push('A reimbursement in Spliit, to several people');
    const expense: ImportedExpense = {
      line,
      key,
      date: date ?? '',
      description,
      category,
      currency,
      amount,
      notes: notes.join('\n'),
      payers: [{ member: payerName, amount }],
      splits,
    };
    if (source) addExpenseNets(source, expense);
    if (!date) {
      problem(`The date "${col(cells, 'Date')}" is not a day (YYYY-MM-DD)`);
      continue;
    }
    if (reimbursement && splits.length === 1) {
      const settlement: ImportedSettlement = {
        line,
        key,
        date,
        from: payerName,
        to: splits[0]?.member as string,
        amount,
        currency,
        description,
      };
      const why = settlementProblem(settlement, memberSet) ?? sharedProblem(amount, splits, currency);
      if (why) problem(why);
      else settlements.push(settlement);
      continue;
    }
    // An income (a negative cost, its shares negative as Spliit computed them); never a reimbursement.
    const imported =
      amount >= 0 ? expense : reimbursement ? 'A reimbursement of a negative amount' : refundExpense(expense);
    const why = typeof imported === 'string' ? imported : expenseProblem(imported, memberSet);
    if (why) problem(why);
    else expenses.push(imported as ImportedExpense);
  }

  const ledger: ImportedLedger = {
    format: 'spliit-csv',
    groupName: null,
    currency: mainCurrency,
    rows: records.length,
    members,
    expenses,
    settlements,
    recurring: [],
    problems,
    sourceBalances: source ? balanceList(source, members) : null,
    assumedCurrency,
  };
  return { ok: true, ledger };
}

/**
 * Whose column is the payer's: the one positive column, else the one zero column (a payer without a
 * share); otherwise why the row cannot say.
 */
function payerIndex(shares: readonly number[]): number | string {
  const positive = shares.flatMap((s, i) => (s > 0 ? [i] : []));
  if (positive.length === 1) return positive[0] as number;
  if (positive.length > 1)
    return "Several participants' columns are positive: Spliit marks only the payer's so";
  const zero = shares.flatMap((s, i) => (s === 0 ? [i] : []));
  if (zero.length === 1) return zero[0] as number;
  return "Spliit's CSV does not say who paid this row (the payer had no share); import Spliit's JSON export instead";
}

/** A reimbursement's one share must be the whole amount. */
function sharedProblem(amount: number, splits: readonly ImportedPart[], currency: string): string | null {
  const shared = sumMinor(splits.map((s) => s.amount));
  return shared === amount
    ? null
    : `The shares add up to ${formatMoney(shared, currency)} ${currency}, not ${formatMoney(amount, currency)}`;
}

/** Spliit's CSV export: each participant's share as Spliit computed it; no ids, so keyed by content. */
export const readSpliitCsv: ImportReader = { format: 'spliit-csv', sniff, parse };
