import {
  dayWords,
  decimalToMinor,
  formatMoneyWithSymbol,
  IMPORT_APP,
  IMPORT_FORMATS,
  isDay,
} from '@kitty/domain';
import type { ApiError } from '@kitty/api';
import {
  type ImportFormatChoice,
  type ImportPreview,
  type ImportPreviewMember,
  importFailureMessage,
} from '@kitty/domain/flows';
import { errorWords } from '../../flows/errorWords';

/** The format picker's choices: "Detect automatically" first, then each app and its file type. */
export const FORMAT_OPTIONS: readonly { id: ImportFormatChoice; label: string }[] = [
  { id: 'auto', label: 'Detect automatically' },
  ...IMPORT_FORMATS.map((format) => ({
    id: format,
    label: `${IMPORT_APP[format]} (${format.slice(format.lastIndexOf('-') + 1).toUpperCase()})`,
  })),
];

/** Who a member of the file becomes, in words. */
export const MEMBER_STATUS_WORDS: Readonly<Record<ImportPreviewMember['status'], string>> = {
  member: 'Already a member',
  account: 'Has an account: will be added',
  invitation: 'Will be invited',
  unmapped: 'Choose who this is',
};

/** "Line 14: The shares add up to 12.00 EUR, not 12.01 EUR". */
export function problemWords(problem: { line: number; message: string }): string {
  return `Line ${problem.line}: ${problem.message}`;
}

/** A day of the file ("2026-01-05") as the domain writes days: "5 January 2026" (no time zone moves it). */
export function dayText(day: string): string {
  return isDay(day) ? dayWords(day) : day;
}

/** An amount from the server in the app's money format; as sent when it is not an amount of the currency. */
export function moneyText(amount: number, currency: string): string {
  const minor = decimalToMinor(amount, currency);
  return minor === null ? `${amount} ${currency}` : formatMoneyWithSymbol(minor, currency);
}

/** How the imported balance compares with the file's own, in words (never by colour alone). */
export function balanceDifferenceWords(balance: ImportPreview['balances'][number]): string {
  if (balance.source === null) return 'The file does not say';
  const source = decimalToMinor(balance.source, balance.currency);
  const imported = decimalToMinor(balance.imported, balance.currency);
  if (source === null || imported === null) return 'Cannot compare';
  if (source === imported) return 'Same';
  return `Differs by ${formatMoneyWithSymbol(Math.abs(imported - source), balance.currency)}`;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const rowsWords = (result: Pick<ImportPreview, 'expenses' | 'settlements'>) =>
  `${count(result.expenses, 'expense', 'expenses')} and ${count(result.settlements, 'payment', 'payments')}`;

/** What the preview will write: "12 expenses and 2 payments to import", and what is already in the group. */
export function writeWords(
  preview: Pick<ImportPreview, 'expenses' | 'settlements' | 'already_imported'>,
): string {
  const parts = [`${rowsWords(preview)} to import`];
  if (preview.already_imported > 0)
    parts.push(`${count(preview.already_imported, 'row is', 'rows are')} already in this group`);
  return parts.join('; ');
}

/** What an import wrote: "Imported 12 expenses and 2 payments". */
export function importedWords(result: Pick<ImportPreview, 'expenses' | 'settlements'>): string {
  return `Imported ${rowsWords(result)}`;
}

/** The words of a refusal: by its code (errorWords), else the server's message, else the flow's. */
export function refusalWords(failure: unknown, step: 'preview' | 'import'): string {
  const code = (failure as Partial<ApiError> | null)?.code;
  return code ? errorWords(failure as ApiError) : importFailureMessage(failure, step);
}
