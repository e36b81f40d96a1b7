// What commands print: aligned tables for a person at a terminal, tab-separated rows without a header when
// stdout is a pipe or a file (for cut, awk, sort), JSON with --json. Amounts go through the domain: the
// currency's own way of writing them at a terminal, the plain decimal ("12.50") in rows meant for programs.
import { decimalToMinor, formatMoney, formatMoneyWithSymbol, localDay } from '@kitty/domain';
import { Console, Effect, Stdio } from 'effect';
import { CliOutput, TerminalCapabilities } from 'effect/cli';

export interface Style {
  /** stdout is a terminal: tables with a header, amounts with their symbol. */
  readonly tty: boolean;
  readonly color: boolean;
}

export const style: Effect.Effect<Style, never, Stdio.Stdio> = Effect.gen(function* () {
  const stdio = yield* Stdio.Stdio;
  const tty = yield* stdio.stdoutIsTerminal;
  const { canColor } = yield* TerminalCapabilities.TerminalCapabilities;
  return { tty, color: tty && canColor };
});

export type Align = 'left' | 'right';

export interface Column {
  readonly header: string;
  readonly align?: Align;
}

/** One cell of a tab-separated row: tabs and line breaks inside it become spaces. */
const plainCell = (text: string) => text.replace(/[\t\r\n]+/g, ' ');

function pad(text: string, width: number, align: Align): string {
  const fill = ' '.repeat(Math.max(0, width - CliOutput.displayWidth(text)));
  return align === 'right' ? fill + text : text + fill;
}

/** The rows as a table (terminal) or as tab-separated lines (anything else). */
export function renderTable(
  s: Style,
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
): string {
  if (!s.tty) return rows.map((row) => row.map(plainCell).join('\t')).join('\n');
  const widths = columns.map((column, i) =>
    Math.max(
      CliOutput.displayWidth(column.header),
      ...rows.map((row) => CliOutput.displayWidth(row[i] ?? '')),
    ),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => pad(cell, widths[i] ?? 0, columns[i]?.align ?? 'left'))
      .join('  ')
      .trimEnd();
  const header = line(columns.map((c) => c.header));
  return [s.color ? `\x1b[1m${header}\x1b[22m` : header, ...rows.map(line)].join('\n');
}

export function printTable(
  s: Style,
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
): Effect.Effect<void> {
  return rows.length === 0 && !s.tty ? Effect.void : Console.log(renderTable(s, columns, rows));
}

export const printJson = (value: unknown): Effect.Effect<void> => Console.log(JSON.stringify(value, null, 2));

/**
 * An amount as JSON carries it (a decimal of `currency`): "€1,226.50" (or "+€12.50" when `signed`) at a
 * terminal, "1226.50" for programs; the server's text as it came when it is not an amount of the currency.
 */
export function money(s: Style, amount: number | string, currency: string, signed = false): string {
  const minor = decimalToMinor(amount, currency);
  if (minor === null) return String(amount);
  return s.tty ? formatMoneyWithSymbol(minor, currency, { signed }) : formatMoney(minor, currency);
}

/** An amount in a sentence: "€90.00" at a terminal, "90.00 EUR" elsewhere (the code says which currency). */
export function moneyText(s: Style, amount: number | string, currency: string): string {
  return s.tty ? money(s, amount, currency) : `${money(s, amount, currency)} ${currency}`;
}

/** "1 payment", "2 payments". */
export const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The day of an ISO moment in this machine's calendar: "2026-11-20". */
export const day = (iso: string): string => localDay(new Date(iso));
