import { dayWords, decimalToMinor, IMPORT_APP, IMPORT_FORMATS, isDay } from '@kitty/domain';
import type { ApiError } from '@kitty/api';
import {
  type ImportBlockerReason,
  type ImportFormatChoice,
  type ImportPreview,
  type ImportPreviewMember,
  importFailureMessage,
} from '@kitty/domain/flows';
import { errorWords } from '../../flows/errorWords';
import catalog from '../../i18n/catalog/en/import.json';
import { money } from '../../i18n/format';
import { activeLanguage, activeLocale } from '../../i18n/language';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
/** The import flow's own English (its failures), in the active language. */
export const words = domainWords(catalog);

/** The format picker's choices: "Detect automatically" first, then each app and its file type. */
export function formatOptions(): { id: ImportFormatChoice; label: string }[] {
  return [
    { id: 'auto', label: t('detect') },
    ...IMPORT_FORMATS.map((format) => ({
      id: format,
      label: t('formatOption', {
        app: IMPORT_APP[format],
        type: format.slice(format.lastIndexOf('-') + 1).toUpperCase(),
      }),
    })),
  ];
}

const STATUS_KEYS = {
  member: 'statusMember',
  account: 'statusAccount',
  invitation: 'statusInvitation',
  unmapped: 'statusUnmapped',
} as const;

/** Who a member of the file becomes, in words. */
export const memberStatusWords = (status: ImportPreviewMember['status']): string => t(STATUS_KEYS[status]);

/** "Line 14: The shares add up to 12.00 EUR, not 12.01 EUR" (the reason is the server's). */
export function problemWords(problem: { line: number; message: string }): string {
  return t('problem', { line: problem.line, message: problem.message });
}

/** A row the group already has: "Line 4: 3 June 2024, Café, €1.00" (its day as the file gives it). */
export function recognisedWords(row: ImportPreview['recognised'][number]): string {
  const values = {
    line: row.line,
    day: dayText(row.date.slice(0, 10)),
    amount: moneyText(row.amount, row.currency),
  };
  const description = row.description.trim();
  return description ? t('recognisedRow', { ...values, description }) : t('recognisedRowNoText', values);
}

/**
 * A day of the file ("2026-01-05") as a day: in English as the domain writes days, "5 January 2026"; else
 * the active locale's long date ("5. ledna 2026"). No time zone moves it.
 */
export function dayText(day: string): string {
  if (!isDay(day)) return day;
  if (activeLanguage() !== 'cs') return dayWords(day);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(activeLocale(), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year, month - 1, date));
}

/** An amount from the server in the app's money format; as sent when it is not an amount of the currency. */
export function moneyText(amount: number, currency: string): string {
  const minor = decimalToMinor(amount, currency);
  // i18n-ignore: an amount and its currency code, no words
  return minor === null ? `${amount} ${currency}` : money(minor, currency);
}

/** How the imported balance compares with the file's own, in words (never by colour alone). */
export function balanceDifferenceWords(balance: ImportPreview['balances'][number]): string {
  if (balance.source === null) return t('fileDoesNotSay');
  const source = decimalToMinor(balance.source, balance.currency);
  const imported = decimalToMinor(balance.imported, balance.currency);
  if (source === null || imported === null) return t('cannotCompare');
  if (source === imported) return t('same');
  return t('differsBy', { amount: money(Math.abs(imported - source), balance.currency) });
}

/** What the preview will write: "12 expenses and 2 payments to import", and what is already in the group. */
export function writeWords(
  preview: Pick<ImportPreview, 'expenses' | 'settlements' | 'already_imported'>,
): string {
  const parts = [t('toImport', { expenses: preview.expenses, settlements: preview.settlements })];
  if (preview.already_imported > 0) parts.push(t('alreadyIn', { count: preview.already_imported }));
  return parts.join('; ');
}

/**
 * The recurring expenses a file brings, in words: how many, then one sentence for each that comes in paused
 * because it began more than a year ago (otherwise it would make every day since).
 */
export function recurringWords(recurring: ImportPreview['recurring']): { count: string; paused: string[] } {
  return {
    count: t('recurringCount', { count: recurring.length }),
    paused: recurring
      .filter((r) => r.paused_by_import)
      .map((r) => t('recurringPaused', { description: r.description, line: r.line })),
  };
}

/** What an import wrote: "Imported 12 expenses and 2 payments". */
export function importedWords(result: Pick<ImportPreview, 'expenses' | 'settlements'>): string {
  return t('imported', { expenses: result.expenses, settlements: result.settlements });
}

/** Why Import is not possible yet (the domain's importBlockerReason), in words. */
export function blockerWords(blocker: ImportBlockerReason): string {
  if (blocker.reason !== 'chooseWho') return t(blocker.reason);
  const { names } = blocker;
  const list =
    names.length <= 1
      ? (names[0] ?? '')
      : // i18n-ignore: names joined by the catalog's own "and"
        `${names.slice(0, -1).join(', ')} ${t('and')} ${names[names.length - 1]}`;
  return t('chooseWho', { names: list, count: Math.max(names.length, 1) });
}

/** The words of a refusal: by its code (errorWords), else the server's message, else the flow's. */
export function refusalWords(failure: unknown, step: 'preview' | 'import'): string {
  const code = (failure as Partial<ApiError> | null)?.code;
  return words(code ? errorWords(failure as ApiError) : importFailureMessage(failure, step));
}
