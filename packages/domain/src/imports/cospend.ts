// Cospend's project CSV export, as julien-nc/cospend-nc writes it (lib/Service/CospendService.php
// getJsonProject, called by exportCsvProject) and reads it back (importCsvProjectStream): sections separated
// by a blank line, each with its own header row:
//
//   name,weight,active,color                                   the members
//   what,amount,date,timestamp,payer_name,payer_weight,payer_active,owers,repeat,repeatfreq,
//     repeatallactive,repeatuntil,categoryid,paymentmode,paymentmodeid,comment,deleted   the bills
//   categoryname,categoryid,icon,color                         the project's own categories (if any)
//   paymentmodename,paymentmodeid,icon,color                   its payment modes (if any)
//   currencyname,exchange_rate                                 its main currency (rate 1), then others
//
// A bill has one payer and its owers (names joined by commas), who share the amount in proportion to their
// member weights; amounts are in the project's main currency (the other currencies only convert what is
// typed in). Category -11 is Cospend's built-in "Reimbursement". Comments are URL-encoded (PHP urlencode).
// A negative amount (a refund, or money received) is a bill like any other in its balances.
import { allocate } from '../allocate';
import { addMinor, type Minor, parseMoney } from '../money';
import { categoryOfName, joinNotes } from './categoryNames';
import { type CsvRecord, readCsv } from './csvRecords';
import { contentKeys } from './keys';
import { balanceList } from './ledgerBalances';
import { type ImportReader, NO_IMPORT_OPTIONS } from './reader';
import { refundExpense } from './refunds';
import { currencyOrChosen, lineBreaks, memberName, unreadable } from './peerText';
import { RowCollector } from './rowCollector';
import { isoDay } from './rows';
import type { ImportedMember, ImportOptions, ImportParseResult } from './types';

/** Cospend's built-in reimbursement category (lib/AppInfo/Application.php CATEGORY_REIMBURSEMENT). */
export const COSPEND_REIMBURSEMENT = -11;

type Section = 'members' | 'bills' | 'categories' | 'paymentmodes' | 'currencies';

/** Which columns make a row the header of a section (as importCsvProjectStream decides it). */
const SECTIONS: readonly { section: Section; columns: readonly string[] }[] = [
  { section: 'bills', columns: ['what', 'amount', 'payer_name', 'payer_weight', 'owers'] },
  { section: 'members', columns: ['name', 'weight', 'active', 'color'] },
  { section: 'paymentmodes', columns: ['icon', 'color', 'paymentmodeid', 'paymentmodename'] },
  { section: 'categories', columns: ['icon', 'color', 'categoryid', 'categoryname'] },
  { section: 'currencies', columns: ['exchange_rate', 'currencyname'] },
];

const MEMBERS_HEADER = 'name,weight,active,color';
const BILLS_HEADER = 'what,amount,date,timestamp,payer_name,payer_weight,payer_active,owers';

export const readCospendCsv: ImportReader = {
  format: 'cospend-csv',
  sniff: (content) => {
    const first = content.slice(0, 512).split(/\r\n|\r|\n/, 1)[0] ?? '';
    return first === MEMBERS_HEADER || first.startsWith(BILLS_HEADER);
  },
  parse: parseCospend,
};

interface Bill {
  line: number;
  cell: (column: string) => string;
}

interface CospendMember {
  name: string;
  /** Cospend's share weight (a float; 0 counts as 1 in its balances). */
  weight: number;
  active: boolean;
}

function sectionOf(cells: readonly string[]): Section | null {
  return SECTIONS.find((s) => s.columns.every((c) => cells.includes(c)))?.section ?? null;
}

function parseCospend(content: string, options: ImportOptions = NO_IMPORT_OPTIONS): ImportParseResult {
  const read = readCsv(content);
  if (!read.ok) return read;
  const first = read.records[0];
  if (!first || !sectionOf(first.cells)) {
    return unreadable(
      1,
      `This is not a Cospend export: it should begin with "${MEMBERS_HEADER}" or "${BILLS_HEADER},…"`,
    );
  }
  const members = new Map<string, CospendMember>();
  const bills: Bill[] = [];
  const categories = new Map<number, string>();
  let main: CsvRecord | null = null;
  let section: Section | null = null;
  let columns = new Map<string, number>();
  for (const record of read.records) {
    const header = sectionOf(record.cells);
    if (header) {
      section = header;
      columns = new Map(record.cells.map((c, i) => [c, i]));
      continue;
    }
    const at = columns;
    const cell = (column: string) => {
      const i = at.get(column);
      return i === undefined ? '' : (record.cells[i] ?? '');
    };
    if (section === 'members') {
      const name = memberName(cell('name'));
      if (name === '') return unreadable(record.line, 'A member without a name');
      if (members.has(name)) return unreadable(record.line, `Two members are named ${name}`);
      members.set(name, { name, weight: Number(cell('weight')), active: cell('active') !== '0' });
    } else if (section === 'bills') {
      bills.push({ line: record.line, cell });
    } else if (section === 'categories') {
      categories.set(Number(cell('categoryid')), cell('categoryname'));
    } else if (section === 'currencies') {
      if (Number(cell('exchange_rate')) === 1) main = { line: record.line, cells: [cell('currencyname')] };
    }
  }
  if (bills.length === 0) return unreadable(1, 'The file has no bills');
  // Cospend's bills have no currency of their own: the project's main one, else the one the person chose.
  const currencyName = main ? (main.cells[0] as string) : '';
  const { currency, assumed } = currencyOrChosen(currencyName, options.currency);
  if (!currency && !main) {
    return unreadable(
      1,
      'The Cospend project has no main currency: choose the currency its amounts are in, or set it in the project’s settings (Currencies) and export again',
    );
  }
  if (!currency)
    return unreadable(
      main?.line ?? 1,
      `Cospend's main currency "${currencyName}" is not one Kitty supports, or says too little: choose the currency its amounts are in`,
    );

  // A payer or ower the members section does not list becomes a member, as Cospend's own import does.
  for (const bill of bills) {
    const owers = isPlaceholder(bill) ? [] : owersOf(bill.cell('owers'), members);
    for (const name of [memberName(bill.cell('payer_name')), ...owers]) {
      if (name !== '' && !members.has(name)) {
        const weight = Number(bill.cell('payer_weight'));
        const isPayer = name === memberName(bill.cell('payer_name'));
        members.set(name, {
          name,
          weight: isPayer && Number.isFinite(weight) ? weight : 1,
          active: !isPayer || bill.cell('payer_active') !== '0',
        });
      }
    }
  }
  const memberList: ImportedMember[] = [...members.keys()].map((name) => ({ name, email: null }));
  const out = new RowCollector(new Set(members.keys()));
  const keyOf = contentKeys('cospend');
  const counted: CountedBill[] = [];
  for (const bill of bills) {
    const { line, cell } = bill;
    if (isPlaceholder(bill)) continue;
    out.rows++;
    const what = lineBreaks(cell('what'));
    const payer = memberName(cell('payer_name'));
    const owers = owersOf(cell('owers'), members);
    const amountText = cell('amount').trim();
    const deleted = cell('deleted').trim() === '1';
    // Cospend's balances count every bill not in the trash whose amount is a number.
    if (!deleted && amountText !== '' && Number.isFinite(Number(amountText))) {
      counted.push({ amount: Number(amountText), payer, owers });
    }
    if (deleted) {
      out.problem(line, "The bill is in Cospend's trash: not imported");
      continue;
    }
    if (owers.length === 0 || owers.includes('')) {
      out.problem(line, 'The bill has an empty name among its owers');
      continue;
    }
    const date = dateOf(cell('timestamp'), cell('date'));
    if (!date) {
      out.problem(line, `The bill has no date Kitty can read ("${cell('timestamp') || cell('date')}")`);
      continue;
    }
    const amount = parseMoney(amountText, currency);
    if (!amount.ok) {
      out.problem(line, `The amount "${amountText}": ${amount.error}`);
      continue;
    }
    const categoryId = Number(cell('categoryid') || '0');
    const comment = lineBreaks(urlDecode(cell('comment')));
    const key = keyOf(
      [
        cell('timestamp') || cell('date'),
        what,
        amount.value,
        payer,
        [...owers].sort().join(','),
        categoryId,
        comment,
      ].join('\u001f'),
    );
    if (categoryId === COSPEND_REIMBURSEMENT && owers.length === 1 && owers[0] !== payer) {
      out.settlement({
        line,
        key,
        date,
        from: payer,
        to: owers[0] as string,
        amount: amount.value,
        currency,
        description: what,
      });
      continue;
    }
    const named =
      categoryId === COSPEND_REIMBURSEMENT
        ? { category: 'other' as const, note: 'Reimbursement in Cospend' }
        : categoryOfName(categories.get(categoryId) ?? '');
    const whole = Math.abs(amount.value) as Minor;
    const splits =
      whole > 0 && new Set(owers).size === owers.length && owers.every((o) => members.has(o))
        ? allocate(
            whole,
            owers.map((o) => weightOf(members.get(o))),
            owers,
          ).map((part, i) => ({ member: owers[i] as string, amount: part as Minor }))
        : owers.map((member) => ({ member, amount: 0 as Minor }));
    const imported = {
      line,
      key,
      date,
      description: what,
      category: named.category,
      currency,
      amount: amount.value,
      notes: joinNotes(comment, named.note),
      payers: [{ member: payer, amount: amount.value }],
      splits,
    };
    if (amount.value >= 0) {
      out.expense(imported);
      continue;
    }
    // A negative bill (a refund or an income): the payer's balance goes down by it, each ower's up by
    // their share of it, as Cospend's getBalance counts it.
    const refund = refundExpense({
      ...imported,
      splits: splits.map((s) => ({ member: s.member, amount: addMinor(0, -s.amount) })),
    });
    if (typeof refund === 'string') out.problem(line, refund);
    else out.expense(refund);
  }

  return {
    ok: true,
    ledger: out.ledger('cospend-csv', memberList, {
      currency,
      sourceBalances: cospendBalances(counted, members, currency, memberList),
      assumedCurrency: assumed ? currency : null,
    }),
  };
}

/**
 * A row older exports wrote only to carry a member without bills: Cospend's import makes its payer a
 * member and skips the row (importCsvProjectStream: `if ($what !== 'deleteMeIfYouWant')`).
 */
function isPlaceholder(bill: Bill): boolean {
  return bill.cell('what') === 'deleteMeIfYouWant';
}

/** A member's weight as Cospend's balances use it: 0 (or unreadable) counts as 1. */
function weightOf(member: CospendMember | undefined): number {
  const weight = member?.weight ?? 1;
  return Number.isFinite(weight) && weight > 0 ? weight : 1;
}

interface CountedBill {
  amount: number;
  payer: string;
  owers: string[];
}

/**
 * The balances Cospend shows, by its own rule: LocalProjectService::getBalance (julien-nc/cospend-nc
 * lib/Service/LocalProjectService.php), in floats as PHP computes them,
 *
 *   $membersBalance[$payerId] += $amount;
 *   $nbOwerShares = sum of the owers' weights (a weight of 0.0 counts as 1.0);
 *   $membersBalance[$owerId] -= $amount / $nbOwerShares * $owerWeight;
 *
 * over the bills not in the trash, each rounded to cents as its member list shows it
 * (src/components/AppNavigationMemberItem.vue: balance.toFixed(precision), precision 2 and up).
 */
function cospendBalances(
  bills: readonly CountedBill[],
  members: ReadonlyMap<string, CospendMember>,
  currency: string,
  order: readonly ImportedMember[],
) {
  const balance = new Map<string, number>([...members.keys()].map((name) => [name, 0]));
  for (const { amount, payer, owers } of bills) {
    balance.set(payer, (balance.get(payer) ?? 0) + amount);
    let shares = 0;
    for (const ower of owers) shares += weightOf(members.get(ower));
    for (const ower of owers) {
      balance.set(ower, (balance.get(ower) ?? 0) - (amount / shares) * weightOf(members.get(ower)));
    }
  }
  const nets = new Map<string, Map<string, number>>([[currency, new Map()]]);
  for (const [name, value] of balance) {
    const shown = parseMoney(value.toFixed(2), currency);
    if (shown.ok) nets.get(currency)?.set(name, shown.value);
  }
  return balanceList(nets, order);
}

/**
 * The owers' names from Cospend's comma-joined list. A member whose name holds a comma is found whole
 * (the longest run of pieces that names a member); any other piece is a name of its own, trimmed.
 */
function owersOf(text: string, members: ReadonlyMap<string, CospendMember>): string[] {
  if (text.trim() === '') return [];
  const pieces = text.split(',');
  const names: string[] = [];
  for (let i = 0; i < pieces.length; ) {
    let end = i + 1;
    for (let j = pieces.length; j > i + 1; j--) {
      if (members.has(memberName(pieces.slice(i, j).join(',')))) {
        end = j;
        break;
      }
    }
    names.push(memberName(pieces.slice(i, end).join(',')));
    i = end;
  }
  return names;
}

/**
 * The bill's date: its timestamp (Cospend keeps an instant: the day and time it was entered for) as an
 * ISO instant, else its date column (exports before timestamps) as a day.
 */
function dateOf(timestamp: string, date: string): string | null {
  if (/^\d{1,11}$/.test(timestamp.trim())) return new Date(Number(timestamp) * 1000).toISOString();
  return isoDay(date);
}

/** PHP urldecode: "+" is a space, %XX a byte of UTF-8; text that does not decode is kept as written. */
function urlDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
