import { expenseProblem, settlementProblem } from './rows';
import type { ImportedExpense, ImportedSettlement, ImportProblem } from './types';

/** A member's name as a file writes it, the way every reader keys members: trimmed, NFC (accents kept). */
export function memberName(text: string): string {
  return text.trim().normalize('NFC');
}

/** A line break inside a cell as Kitty keeps it: \n, whatever the file's line ends. */
export function lineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

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
}
