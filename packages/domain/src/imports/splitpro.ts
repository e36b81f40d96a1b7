// SplitPro's only CSV export: the Export button of a friend's page (oss-apps/split-pro
// src/components/Friend/Export.tsx, on src/pages/balances/[friendId].tsx), the expenses between you and one
// friend (src/server/api/routers/expense.ts getExpensesWithFriend: paid by one of the two, both with a
// non-zero part, not deleted; of a currency conversion only the side converted from). It writes:
//
//   Paid By,Name,Category,Amount,Split Type,Expense Date,Currency,You Lent,You Owe,Settlement
//   You,Dinner,diningOut,60.00,EQUAL,2024-03-01 19:30:00,EUR,30.00,0,0
//
// "Paid By" is "You" or the friend's name; Amount the expense's total; the date in the exporter's local
// time; "You Lent" the friend's share when you paid, "You Owe" your share when the friend paid,
// "Settlement" the amount of a payment (split type SETTLEMENT), all without sign, 0 when not that kind of
// row. Amounts are written by getCurrencyHelpers().parseToCleanString (src/utils/numbers.ts): digits and
// the locale's decimal separator ("12.50", or "12,50" in a locale with a decimal comma). Lines are joined
// by "\n"; a cell holding a comma is wrapped in quotes as it is, nothing escaped (a quote inside stays
// single), so the file is not RFC 4180 CSV and is read here by the exact inverse of that writer.
import { currencyExponent, isKnownCurrency } from '../currencies';
import { formatMoney, type Minor, parseMoney, subtractMinor, sumMinor } from '../money';
import { categoryOfName } from './categoryNames';
import { contentKeys } from './keys';
import { balanceList } from './ledgerBalances';
import type { ImportReader } from './reader';
import { memberName } from './peerText';
import { RowCollector } from './rowCollector';
import { isoDay } from './rows';
import type { ImportedMember, ImportParseResult } from './types';

export const SPLITPRO_HEADER =
  'Paid By,Name,Category,Amount,Split Type,Expense Date,Currency,You Lent,You Owe,Settlement';

/** The exporter, as the file names them. */
export const SPLITPRO_YOU = 'You';
/** The friend's name when no row was paid by them (the file then never writes it). */
export const SPLITPRO_UNNAMED_FRIEND = 'Friend';

const EXPENSE_SPLITS = new Set(['EQUAL', 'PERCENTAGE', 'EXACT', 'SHARE', 'ADJUSTMENT']);

// The eight cells after the name, none of which can hold a comma except an amount in a locale with a
// decimal comma (then quoted): Category, Amount, Split Type, Expense Date, Currency, You Lent, You Owe,
// Settlement.
const AMOUNT = '("[^"]*"|[^,"]*)';
const PLAIN = '([^,"]*)';
const TAIL = new RegExp(`,${PLAIN},${AMOUNT},${PLAIN},${PLAIN},${PLAIN},${AMOUNT},${AMOUNT},${AMOUNT}$`);
const DATE_TIME = /^(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}:\d{2}$/;

export const readSplitproCsv: ImportReader = {
  format: 'splitpro-csv',
  sniff: (content) => content.slice(0, SPLITPRO_HEADER.length + 2).split(/\r?\n/, 1)[0] === SPLITPRO_HEADER,
  parse: parseSplitpro,
};

interface Row {
  line: number;
  text: string;
  paidByYou: boolean;
  friend: string | null;
  name: string;
  cells: string[];
}

/** A line of the file taken apart as the writer put it together; null when it is not such a line. */
function splitLine(text: string, line: number): Row | null {
  const tail = TAIL.exec(text);
  if (!tail) return null;
  const head = text.slice(0, tail.index);
  let paidBy: string;
  let nameCell: string;
  if (head.startsWith(`${SPLITPRO_YOU},`)) {
    paidBy = SPLITPRO_YOU;
    nameCell = head.slice(SPLITPRO_YOU.length + 1);
  } else {
    const end = head.startsWith('"') ? head.indexOf('",') + 1 : head.indexOf(',');
    if (end <= 0) return null;
    paidBy = unwrap(head.slice(0, end));
    nameCell = head.slice(end + 1);
  }
  const paidByYou = paidBy === SPLITPRO_YOU;
  return {
    line,
    text,
    paidByYou,
    friend: paidByYou ? null : memberName(paidBy),
    name: unwrap(nameCell),
    cells: tail.slice(1).map((c) => unwrap(c as string)),
  };
}

/** The writer wraps a cell that holds a comma in quotes and nothing else: the inverse. */
function unwrap(cell: string): string {
  return cell.length >= 2 && cell.startsWith('"') && cell.endsWith('"') && cell.slice(1, -1).includes(',')
    ? cell.slice(1, -1)
    : cell;
}

/**
 * An amount as parseToCleanString writes it: digits and one decimal separator ("." or ","), no sign. Of a
 * share (`part`), a fraction shorter than the currency's decimals is how the writer spells a negative
 * amount under ten minor units: -5n gives "0.5" (the fraction is String(-5n).slice(-2), "-5", whose minus
 * its sanitiser drops), so "0.5" is read back as 5 minor units, the exact inverse.
 */
function amountOf(text: string, currency: string, part: boolean) {
  const plain = text.trim() === '' ? '0' : text.trim().replace(',', '.');
  const short = /^0\.(\d+)$/.exec(plain);
  const exponent = currencyExponent(currency);
  if (part && short && (short[1] as string).length < exponent) {
    return parseMoney(`0.${(short[1] as string).padStart(exponent, '0')}`, currency);
  }
  return parseMoney(/^\d+(\.\d+)?$/.test(plain) ? plain : `not ${text}`, currency);
}

function parseSplitpro(content: string): ImportParseResult {
  const text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  const lines = text.split(/\r?\n/);
  if (lines[0] !== SPLITPRO_HEADER) {
    return fail(1, `This is not a SplitPro export: its first line should be ${SPLITPRO_HEADER}`);
  }
  const rows: (Row | { line: number; text: string; broken: true })[] = [];
  lines.slice(1).forEach((t, i) => {
    if (t.trim() === '') return;
    rows.push(splitLine(t, i + 2) ?? { line: i + 2, text: t, broken: true });
  });
  if (rows.length === 0) return fail(1, 'The file has no rows after its header');

  const friendNames = new Set(rows.flatMap((r) => ('friend' in r && r.friend !== null ? [r.friend] : [])));
  if (friendNames.size > 1) {
    const [first, second] = [...friendNames];
    return fail(1, `Rows are paid by two people besides You (${first} and ${second}): not a SplitPro export`);
  }
  const friend = [...friendNames][0] ?? SPLITPRO_UNNAMED_FRIEND;
  const members: ImportedMember[] = [
    { name: SPLITPRO_YOU, email: null },
    { name: friend, email: null },
  ];
  const out = new RowCollector(new Set(members.map((m) => m.name)));
  const nets = new Map<string, Map<string, number>>();
  const keyOf = contentKeys('splitpro');
  for (const row of rows) {
    out.rows++;
    if ('broken' in row) {
      out.problem(row.line, 'The line does not have the columns of a row of SplitPro’s export');
      continue;
    }
    const { line, name, paidByYou } = row;
    const [categoryName, amountText, splitType, dateText, currency, lentText, oweText, settleText] =
      row.cells as [string, string, string, string, string, string, string, string];
    if (!isKnownCurrency(currency)) {
      out.problem(line, `Currency ${currency} is not one Kitty supports`);
      continue;
    }
    const [amount, lent, owe, settled] = [
      amountOf(amountText, currency, false),
      amountOf(lentText, currency, true),
      amountOf(oweText, currency, true),
      amountOf(settleText, currency, true),
    ];
    const unreadable = [amount, lent, owe, settled].findIndex((a) => !a.ok);
    if (!amount.ok || !lent.ok || !owe.ok || !settled.ok) {
      const column = ['Amount', 'You Lent', 'You Owe', 'Settlement'][unreadable];
      const cell = [amountText, lentText, oweText, settleText][unreadable];
      out.problem(line, `${column} "${cell}" is not an amount of ${currency}`);
      continue;
    }
    // What the row does to You, as SplitPro's BalanceView counts it: the friend's share when You paid,
    // minus Your share when the friend paid, a payment for its payer.
    const you = sumMinor([lent.value, -owe.value, paidByYou ? settled.value : -settled.value]);
    const byMember = nets.get(currency) ?? new Map<string, number>();
    nets.set(currency, byMember);
    byMember.set(SPLITPRO_YOU, sumMinor([byMember.get(SPLITPRO_YOU) ?? 0, you]));
    byMember.set(friend, sumMinor([byMember.get(friend) ?? 0, -you]));

    const match = DATE_TIME.exec(dateText);
    const date = match ? isoDay(match[1] as string) : null;
    if (!date) {
      out.problem(line, `The date "${dateText}" is not written yyyy-MM-dd HH:mm:ss`);
      continue;
    }
    const key = keyOf(row.text);
    const payer = paidByYou ? SPLITPRO_YOU : friend;
    const other = paidByYou ? friend : SPLITPRO_YOU;
    if (splitType === 'SETTLEMENT') {
      if (lent.value !== 0 || owe.value !== 0 || settled.value !== amount.value) {
        out.problem(
          line,
          `The payment of ${formatMoney(amount.value, currency)} moves ${formatMoney(settled.value, currency)}, or has a share`,
        );
        continue;
      }
      out.settlement({
        line,
        key,
        date,
        from: payer,
        to: other,
        amount: amount.value,
        currency,
        description: name,
      });
      continue;
    }
    if (splitType === 'CURRENCY_CONVERSION') {
      out.problem(
        line,
        'A currency conversion: SplitPro exports only the side converted from, so it is not imported',
      );
      continue;
    }
    if (!EXPENSE_SPLITS.has(splitType)) {
      out.problem(line, `The split type "${splitType}" is not one of SplitPro's`);
      continue;
    }
    const share = paidByYou ? lent.value : owe.value;
    if ((paidByYou ? owe.value : lent.value) !== 0 || settled.value !== 0) {
      out.problem(line, 'The row has amounts in columns its payer does not use');
      continue;
    }
    const { category, note } = categoryOfName(categoryName);
    const own = subtractMinor(amount.value, share);
    out.expense({
      line,
      key,
      date,
      description: name,
      category,
      currency,
      amount: amount.value,
      notes: note,
      payers: [{ member: payer, amount: amount.value }],
      splits: [
        ...(own !== 0 ? [{ member: payer, amount: own }] : []),
        ...(share !== 0 ? [{ member: other, amount: share as Minor }] : []),
      ],
    });
  }
  return {
    ok: true,
    ledger: out.ledger('splitpro-csv', members, { sourceBalances: balanceList(nets, members) }),
  };
}

function fail(line: number, message: string): ImportParseResult {
  return { ok: false, error: { line, message } };
}
