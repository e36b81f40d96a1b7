import { expenseProblem, settlementProblem } from './rows';
import type {
  ImportedBalance,
  ImportedExpense,
  ImportedLedger,
  ImportedMember,
  ImportedSettlement,
  ImportFormat,
  ImportProblem,
} from './types';

/**
 * What a reader gathers row by row: each expense and payment checked by rows.ts (a row that fails is a
 * problem of its line, never corrected), the problems in file order, and the count of data rows.
 */
export class RowCollector {
  readonly expenses: ImportedExpense[] = [];
  readonly settlements: ImportedSettlement[] = [];
  readonly problems: ImportProblem[] = [];
  rows = 0;

  constructor(private readonly members: ReadonlySet<string>) {}

  problem(line: number, message: string): void {
    this.problems.push({ line, message });
  }

  expense(e: ImportedExpense): void {
    const message = expenseProblem(e, this.members);
    if (message) this.problem(e.line, message);
    else this.expenses.push(e);
  }

  settlement(s: ImportedSettlement): void {
    const message = settlementProblem(s, this.members);
    if (message) this.problem(s.line, message);
    else this.settlements.push(s);
  }

  /** The ledger of what was gathered (CSV files have no recurring expenses). */
  ledger(
    format: ImportFormat,
    members: ImportedMember[],
    file: {
      groupName?: string | null;
      currency?: string | null;
      sourceBalances: ImportedBalance[] | null;
      assumedCurrency?: string | null;
    },
  ): ImportedLedger {
    return {
      format,
      groupName: file.groupName ?? null,
      currency: file.currency ?? null,
      rows: this.rows,
      members,
      expenses: this.expenses,
      settlements: this.settlements,
      recurring: [],
      problems: this.problems,
      sourceBalances: file.sourceBalances,
      assumedCurrency: file.assumedCurrency ?? null,
    };
  }
}
