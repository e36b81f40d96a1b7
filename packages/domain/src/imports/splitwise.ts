// Splitwise's group CSV export ("Export as spreadsheet"). As Splitwise writes it, and as Cospend's importer
// reads it (julien-nc/cospend-nc lib/Service/CospendService.php importSWProject):
//
//   Date,Description,Category,Cost,Currency,Alice,Bob,Zoë
//   (a blank line)
//   2024-03-01,Dinner,Dining out,90.00,EUR,60.00,-30.00,-30.00
//   2024-03-02,Bob paid Alice,Payment,30.00,EUR,-30.00,30.00,0.00
//   (a blank line)
//   2024-03-31,Total balance, , ,EUR,30.00,0.00,-30.00
//
// A friend's export may begin with a note line ("Note: does not include group expenses") before the header.
// Each member's column is the row's net effect on them: what they paid minus their share (a payment: the
// payer's column positive, the payee's negative). One "Total balance" row per currency closes the file.
// A refund (money given back to the group) is a row with a negative cost whose columns still add up to zero.
import { allocate } from '../allocate';
import { isKnownCurrency } from '../currencies';
import { formatMoney, type Minor, parseMoney, sumMinor } from '../money';
import { categoryOfName, joinNotes } from './categoryNames';
import { readCsv } from './csvRecords';
import { contentKeys } from './keys';
import { balanceList } from './ledgerBalances';
import type { ImportReader } from './reader';
import { lineBreaks, memberName } from './peerText';
import { refundOfNets, refundNote } from './refunds';
import { RowCollector } from './rowCollector';
import { isoDay } from './rows';
import type { ImportedMember, ImportedPart, ImportParseResult } from './types';

const HEAD = ['Date', 'Description', 'Category', 'Cost', 'Currency'] as const;
const HEADER_TEXT = HEAD.join(',');
/** How many lines before the header a file may have (the friend export's note and a blank line). */
const LINES_BEFORE_HEADER = 3;

export const readSplitwiseCsv: ImportReader = {
  format: 'splitwise-csv',
  sniff: (content) =>
    content
      .slice(0, 4096)
      .split(/\r\n|\r|\n/)
      .slice(0, LINES_BEFORE_HEADER + 1)
      .some((line) => line === HEADER_TEXT || line.startsWith(`${HEADER_TEXT},`)),
  parse: parseSplitwise,
};

function isHeader(cells: readonly string[]): boolean {
  return HEAD.every((name, i) => cells[i] === name);
}

function parseSplitwise(content: string): ImportParseResult {
  const read = readCsv(content);
  if (!read.ok) return read;
  const headerIndex = read.records.findIndex(
    (r, i) => i <= LINES_BEFORE_HEADER && r.line <= LINES_BEFORE_HEADER + 1 && isHeader(r.cells),
  );
  const header = read.records[headerIndex];
  if (!header) {
    return fail(1, `This is not a Splitwise export: its header should begin ${HEADER_TEXT}`);
  }
  const members: ImportedMember[] = [];
  const names = new Set<string>();
  for (let c = HEAD.length; c < header.cells.length; c++) {
    const name = memberName(header.cells[c] as string);
    if (name === '') return fail(header.line, `Column ${c + 1} of the header has no member's name`);
    if (names.has(name)) return fail(header.line, `Two columns are named ${name}`);
    names.add(name);
    members.push({ name, email: null });
  }
  if (members.length === 0) return fail(header.line, 'The header names no member after Currency');

  const out = new RowCollector(names);
  /** currency -> member -> the sum of their column over every data row (Splitwise's own balances). */
  const columns = new Map<string, Map<string, number>>();
  const totals: { line: number; cells: string[] }[] = [];
  const keyOf = contentKeys('splitwise');
  for (const record of read.records.slice(headerIndex + 1)) {
    const { line, cells } = record;
    if (cells.every((c) => c.trim() === '')) continue;
    if (cells[1]?.trim() === 'Total balance' && (cells[3] ?? '').trim() === '') {
      totals.push(record);
      continue;
    }
    out.rows++;
    if (cells.length !== header.cells.length) {
      out.problem(line, `The row has ${cells.length} cells where the header has ${header.cells.length}`);
      continue;
    }
    const [dateText, description, categoryName, costText, currencyText] = cells as [
      string,
      string,
      string,
      string,
      string,
    ];
    const currency = currencyText.trim();
    if (!isKnownCurrency(currency)) {
      out.problem(line, `Currency ${currency} is not one Kitty supports`);
      continue;
    }
    const nets: ImportedPart[] = [];
    let unreadable: string | null = null;
    for (const [i, member] of members.entries()) {
      const text = cells[HEAD.length + i] as string;
      const parsed = parseMoney(text.trim() === '' ? '0' : text, currency);
      if (!parsed.ok) {
        unreadable = `${member.name}'s column is not an amount of ${currency}: "${text}"`;
        break;
      }
      nets.push({ member: member.name, amount: parsed.value });
    }
    if (unreadable) {
      out.problem(line, unreadable);
      continue;
    }
    // Every row with readable columns counts in the balances the file implies, problem or not.
    const byMember = columns.get(currency) ?? new Map<string, number>();
    columns.set(currency, byMember);
    for (const n of nets) byMember.set(n.member, sumMinor([byMember.get(n.member) ?? 0, n.amount]));

    const date = isoDay(dateText);
    if (!date) {
      out.problem(line, `The date "${dateText}" is not a day written YYYY-MM-DD`);
      continue;
    }
    const cost = parseMoney(costText, currency);
    if (!cost.ok) {
      out.problem(line, `The cost "${costText}": ${cost.error}`);
      continue;
    }
    const net = sumMinor(nets.map((n) => n.amount));
    if (net !== 0) {
      out.problem(line, `The members' columns add up to ${formatMoney(net, currency)}, not zero`);
      continue;
    }
    // The key leaves out zero columns, so a member who joins later (a new column of zeros) changes no key.
    const moved = nets.filter((n) => n.amount !== 0);
    const key = keyOf(
      [
        date,
        lineBreaks(description),
        categoryName,
        cost.value,
        currency,
        ...moved.map((n) => `${n.member}=${n.amount}`),
      ]
        .map(String)
        .join('\u001f'),
    );
    if (categoryName.trim() === 'Payment') {
      const from = moved.filter((n) => n.amount > 0);
      const to = moved.filter((n) => n.amount < 0);
      if (from.length !== 1 || to.length !== 1) {
        out.problem(line, 'A payment whose columns do not move money from one member to one other');
        continue;
      }
      const amount = (from[0] as ImportedPart).amount;
      if (amount !== cost.value) {
        out.problem(
          line,
          `The payment's cost ${formatMoney(cost.value, currency)} is not the ${formatMoney(amount, currency)} its columns move`,
        );
        continue;
      }
      out.settlement({
        line,
        key,
        date,
        from: (from[0] as ImportedPart).member,
        to: (to[0] as ImportedPart).member,
        amount,
        currency,
        description: lineBreaks(description),
      });
      continue;
    }
    const parts =
      cost.value < 0 ? refundOfNets(cost.value, nets, currency) : partsOfNets(cost.value, nets, currency);
    if (typeof parts === 'string') {
      out.problem(line, parts);
      continue;
    }
    const { category, note } = categoryOfName(categoryName);
    out.expense({
      line,
      key,
      date,
      description: lineBreaks(description),
      category,
      currency,
      amount: sumMinor(parts.payers.map((p) => p.amount)),
      notes: joinNotes(cost.value < 0 ? refundNote(cost.value, currency) : '', note),
      ...parts,
    });
  }
  if (out.rows === 0) return fail(header.line, 'The file has no rows after its header');

  for (const { line, cells } of totals) {
    const currency = (cells[4] ?? '').trim();
    if (!isKnownCurrency(currency)) continue;
    const sums = columns.get(currency);
    const wrong: string[] = [];
    for (const [i, member] of members.entries()) {
      const text = cells[HEAD.length + i] ?? '';
      const said = parseMoney(text.trim() === '' ? '0' : text, currency);
      const sum = sums?.get(member.name) ?? 0;
      if (!said.ok) wrong.push(`${member.name} "${text}" is not an amount`);
      else if (said.value !== sum) {
        wrong.push(
          `${member.name} ${formatMoney(said.value, currency)} where the rows add up to ${formatMoney(sum, currency)}`,
        );
      }
    }
    if (wrong.length > 0) out.problem(line, `The Total balance in ${currency} says ${wrong.join('; ')}`);
  }

  // The Total balance rows are checked after the rows; their problems go in file order all the same.
  out.problems.sort((a, b) => a.line - b.line);
  return {
    ok: true,
    ledger: out.ledger('splitwise-csv', members, { sourceBalances: balanceList(columns, members) }),
  };
}

/**
 * Who paid and who shares, from a row's columns (each member's net: paid minus share) and its cost, such
 * that each member's balance moves by exactly their column and both payers and shares add up to the cost:
 * the members with a negative column paid nothing and their share is minus their column; the members with
 * a positive column are the payers, and what the cost leaves after those shares (cost minus the sum of the
 * positive columns) is their own share, split equally among them (largest remainder, ties by name); each
 * pays their column plus their own share. With one payer that is the usual reading (the payer paid the
 * cost, their share is cost minus their column); with several (Splitwise's "multiple people paid") it
 * restores what each paid exactly when the payers' shares were equal. A member whose column is zero is left
 * out: paid and share cannot be told apart, and nothing moves for them. Returns a message when the columns
 * cannot come from the cost: nobody's column positive, or the positive columns adding up to more than it.
 */
export function partsOfNets(
  cost: Minor,
  nets: readonly ImportedPart[],
  currency: string,
): { payers: ImportedPart[]; splits: ImportedPart[] } | string {
  const lenders = nets.filter((n) => n.amount > 0);
  if (lenders.length === 0) return "Every member's column is zero: who paid cannot be told";
  const lent = sumMinor(lenders.map((n) => n.amount));
  if (cost < lent) {
    return `The cost ${formatMoney(cost, currency)} is less than the ${formatMoney(lent, currency)} its columns say was lent`;
  }
  const own = allocate(
    cost - lent,
    lenders.map(() => 1),
    lenders.map((n) => n.member),
  );
  const ownOf = new Map(lenders.map((n, i) => [n.member, own[i] as number]));
  const payers = lenders.map((n) => ({
    member: n.member,
    amount: sumMinor([n.amount, ownOf.get(n.member) ?? 0]),
  }));
  const splits: ImportedPart[] = [];
  for (const n of nets) {
    const share = n.amount > 0 ? (ownOf.get(n.member) ?? 0) : -n.amount;
    if (share !== 0) splits.push({ member: n.member, amount: share as Minor });
  }
  return { payers, splits };
}

function fail(line: number, message: string): ImportParseResult {
  return { ok: false, error: { line, message } };
}
