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
