import type {
  ImportedExpense,
  ImportedLedger,
  ImportedMember,
  ImportedSettlement,
  ImportParseResult,
  Minor,
} from '@kitty/domain';
import { addExpenseNets, addSettlementNets, balanceList } from '@kitty/domain';

/**
 * A small ImportedLedger for the importer's tests, written as the format readers would hand it over (the
 * readers are tested on their own fixtures): members by name, expenses with exact parts, payments.
 */
export class LedgerBuilder {
  private line = 1;
  readonly ledger: ImportedLedger;

  constructor(members: readonly (string | ImportedMember)[], groupName: string | null = null) {
    this.ledger = {
      format: 'splitwise-csv',
      groupName,
      currency: null,
      rows: 0,
      members: members.map((m) => (typeof m === 'string' ? { name: m, email: null } : m)),
      expenses: [],
      settlements: [],
      recurring: [],
      problems: [],
      sourceBalances: null,
      assumedCurrency: null,
    };
  }

  /** An expense paid by `payer` (or several payers) shared as `shares` (minor units). */
  expense(
    payers: string | Record<string, number>,
    shares: Record<string, number>,
    rest: Partial<ImportedExpense> = {},
  ): this {
    const line = ++this.line;
    const amount = Object.values(shares).reduce((a, b) => a + b, 0) as Minor;
    const paid = typeof payers === 'string' ? { [payers]: amount } : payers;
    this.ledger.expenses.push({
      line,
      key: `row-${line}`,
      date: '2024-03-10',
      description: `Expense ${line}`,
      category: 'groceries',
      currency: 'EUR',
      amount,
      notes: '',
      payers: Object.entries(paid).map(([member, a]) => ({ member, amount: a as Minor })),
      splits: Object.entries(shares).map(([member, a]) => ({ member, amount: a as Minor })),
      ...rest,
    });
    this.ledger.rows++;
    return this;
  }

  payment(from: string, to: string, amount: number, rest: Partial<ImportedSettlement> = {}): this {
    const line = ++this.line;
    this.ledger.settlements.push({
      line,
      key: `pay-${line}`,
      date: '2024-03-12',
      from,
      to,
      amount: amount as Minor,
      currency: 'EUR',
      description: 'Payment',
      ...rest,
    });
    this.ledger.rows++;
    return this;
  }

  /** A row the reader refused (its numbers do not add up). */
  problem(message: string): this {
    const line = ++this.line;
    this.ledger.problems.push({ line, message });
    this.ledger.rows++;
    return this;
  }

  /** The file's own balances: every row's nets (as a Splitwise file's columns would say). */
  withSourceBalances(): this {
    const nets = new Map<string, Map<string, number>>();
    for (const e of this.ledger.expenses) addExpenseNets(nets, e);
    for (const s of this.ledger.settlements) addSettlementNets(nets, s);
    this.ledger.sourceBalances = balanceList(nets, this.ledger.members);
    return this;
  }

  /** What parseImport would answer for the file. */
  parser(): () => ImportParseResult {
    const ledger = structuredClone(this.ledger);
    return () => ({ ok: true, ledger: structuredClone(ledger) });
  }
}

/** A Splitwise group export (Date, Description, Category, Cost, Currency, one column per member's net). */
export function splitwiseCsv(names: readonly string[], rows: readonly string[][]): string {
  const header = ['Date', 'Description', 'Category', 'Cost', 'Currency', ...names].join(',');
  return `${header}\n\n${rows.map((r) => r.join(',')).join('\n')}\n`;
}

/**
 * A Splitwise export of at most `chars` characters and at most `maxRows` rows (10,000: all of them are
 * read and planned) whose rows are as long as Splitwise writes them: a 200-character description and a
 * column for each of `members` people, who share every expense equally, one of them paying.
 */
export function largeSplitwiseCsv(chars: number, members = 136, maxRows = 10_000): string {
  const names = Array.from({ length: members }, (_, i) => `Member ${i + 1}`);
  const share = 11;
  const nets = (payer: number) =>
    names.map((_, k) => ((k === payer ? share * (members - 1) : -share) / 100).toFixed(2));
  const header = ['Date', 'Description', 'Category', 'Cost', 'Currency', ...names].join(',');
  const lines = [header, ''];
  let length = header.length + 2;
  for (let i = 0; i < maxRows; i++) {
    const day = `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    const description = `Row ${i} `.padEnd(200, 'x');
    const line = [
      day,
      description,
      'General',
      ((share * members) / 100).toFixed(2),
      'EUR',
      ...nets(i % members),
    ];
    const text = line.join(',');
    if (length + text.length + 1 > chars) break;
    lines.push(text);
    length += text.length + 1;
  }
  return `${lines.join('\n')}\n`;
}
