// A group's export as a CSV file (section 7): comment lines, a header, expense rows, settlement rows.
import { isKnownCurrency } from './currencies';
import { formatMoney, parseMoney, roundDecimalText } from './money';

// Structurally compatible with the api's generated GroupExport (extra fields are ignored).
export interface ExportParticipant {
  user_name: string;
  /** Decimal amount, at most two decimals. */
  amount: number;
  percentage?: number | null;
  shares?: number | null;
}

export interface ExportPayer {
  user_name: string;
  email: string;
  /** Decimal amount, at most two decimals. */
  amount: number;
}

export interface ExportExpenseRow {
  date: string;
  description: string;
  amount: number;
  currency: string;
  category: string;
  payer_name: string;
  payer_email: string;
  /** Everyone who paid, most first; absent or one entry: payer_name paid all of it. */
  payers?: readonly ExportPayer[];
  split_type: string;
  participants: readonly ExportParticipant[];
  is_settled: boolean;
  notes?: string | null;
  created_at: string;
  updated_at: string;
}

export interface ExportSettlementRow {
  date: string;
  description?: string | null;
  amount: number;
  currency: string;
  from_user_name: string;
  from_user_email: string;
  to_user_name: string;
  created_at: string;
}

export interface ExportData {
  expenses: readonly ExportExpenseRow[];
  settlements: readonly ExportSettlementRow[];
  group: { name: string };
  exportDate: string;
}

export const CSV_HEADER = [
  'Type',
  'Date',
  'Description',
  'Amount',
  'Currency',
  'Category',
  'Payer Name',
  'Payer Email',
  'Split Type',
  'Participants',
  'Is Settled',
  'Notes',
  'Created At',
  'Updated At',
] as const;

/** Prepend to the file for spreadsheets that otherwise read UTF-8 as a legacy code page ("Kč"). */
export const CSV_BOM = '\uFEFF';

/**
 * Where a spreadsheet starts a cell with a formula: =, +, -, @, tab or CR, or a full-width ＝ ＋ － ＠ (some
 * spreadsheets fold them), at the start of the text or after a `;` or a line break (a semicolon-separated
 * spreadsheet, the default in Czech and German locales, starts a cell there, and a line break inside a
 * quoted cell starts a row for one that splits at the semicolon), past any spaces and quotes.
 */
const FORMULA_AT = /(?<=^|[;\r\n])([ "]*)(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/gu;
const NEEDS_QUOTES = /[",;\r\n]/;

/**
 * One cell: wherever a spreadsheet reading the file with either separator would start a cell with a
 * formula (FORMULA_AT), a single quote goes first; then RFC 4180 quoting when it holds a comma, a
 * semicolon, a quote, CR or LF (quotes doubled).
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = (value === null || value === undefined ? '' : String(value)).replace(FORMULA_AT, "$1'");
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A decimal JSON amount as a plain decimal with the currency's decimals ("12.50", JPY "1200"), no symbol
 * or grouping so a spreadsheet reads it as a number; refuses more decimals than the currency has.
 */
export function csvAmount(amount: number, currency?: string): string {
  const code = isKnownCurrency(currency) ? currency : undefined;
  const parsed = parseMoney(amount, code);
  if (!parsed.ok) throw new RangeError(`Export amount ${amount}: ${parsed.error}`);
  return formatMoney(parsed.value, code);
}

/** "Alice: 10.00; Bob: 5.00", with "(33.33%)" after each amount of a percentage split, "(2 shares)" of a shares split. */
export function participantsCell(
  splitType: string,
  participants: readonly ExportParticipant[],
  currency?: string,
): string {
  return participants
    .map((p) => {
      let text = `${p.user_name}: ${csvAmount(p.amount, currency)}`;
      if (splitType === 'percentage' && typeof p.percentage === 'number') {
        text += ` (${roundDecimalText(p.percentage, 2)}%)`;
      } else if (splitType === 'shares' && typeof p.shares === 'number') {
        text += ` (${p.shares} ${p.shares === 1 ? 'share' : 'shares'})`;
      }
      return text;
    })
    .join('; ');
}

/**
 * The Payer Name and Payer Email cells. One payer: their name and e-mail, as the spec has them. Several:
 * "Alice: 60.00; Bob: 40.00" (what each paid, like Participants) and "alice@example.com;
 * bob@example.com" in the same order; parsePayerCells reads them back.
 */
export function payerCells(row: ExportExpenseRow): [name: string, email: string] {
  const payers = row.payers ?? [];
  if (payers.length <= 1) return [row.payer_name, row.payer_email];
  return [
    payers.map((p) => `${p.user_name}: ${csvAmount(p.amount, row.currency)}`).join(PAYER_SEPARATOR),
    payers.map((p) => p.email).join(PAYER_SEPARATOR),
  ];
}

const PAYER_SEPARATOR = '; ';

/**
 * The payers a Payer Name and a Payer Email cell name (payerCells read back): one e-mail, that payer for
 * the whole `amount` (a decimal string); several, each with their amount in minor units. Null when the
 * cells do not read as payerCells writes them: a name that holds "; " among several payers is one of those
 * (the lossless export is the JSON one).
 */
export function parsePayerCells(
  name: string,
  email: string,
  amount: string,
  currency: string,
): { email: string; user_name: string; amount: number }[] | null {
  const emails = email.split(PAYER_SEPARATOR);
  if (emails.length === 1) {
    const whole = parseMoney(amount, currency);
    return whole.ok ? [{ email, user_name: name, amount: whole.value }] : null;
  }
  const segments = name.split(PAYER_SEPARATOR);
  if (segments.length !== emails.length) return null;
  const payers: { email: string; user_name: string; amount: number }[] = [];
  for (const [i, segment] of segments.entries()) {
    const match = /^(.*): (\d+(?:\.\d+)?)$/su.exec(segment);
    const paid = match ? parseMoney(match[2]!, currency) : null;
    if (!match || !paid?.ok) return null;
    payers.push({ email: emails[i]!, user_name: match[1]!, amount: paid.value });
  }
  return payers;
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/**
 * One comment line ("# Group: …") as a single cell: CR/LF become a space so it stays on one line, then
 * `csvCell` quotes it when it holds a comma or quote. A group named `Trip,=HYPERLINK("…")` is thus one
 * quoted cell starting with "#", never a second cell a spreadsheet would run as a formula.
 */
function csvCommentLine(label: string, value: string | number): string {
  return csvCell(`# ${label}: ${oneLine(String(value))}`);
}

/**
 * The export file. Lines end with CRLF. Amounts are never negative (expense and settlement amounts are
 * positive), so a leading "-" only ever comes from text and is neutralised like any formula start.
 * Every data line starts with "Expense" or "Settlement", so no data line can be taken for a comment.
 * Each comment line is one cell (`csvCommentLine`); it is quoted, so starts with `"#`, only when the
 * group name or export date holds a comma or a quote.
 */
export function groupCsv(data: ExportData): string {
  const lines = [
    csvCommentLine('Group', data.group.name),
    csvCommentLine('Export Date', data.exportDate),
    csvCommentLine('Total Expenses', data.expenses.length),
    csvCommentLine('Total Settlements', data.settlements.length),
    CSV_HEADER.join(','),
  ];
  for (const e of data.expenses) {
    lines.push(
      [
        'Expense',
        e.date,
        e.description,
        csvAmount(e.amount, e.currency),
        e.currency,
        e.category,
        ...payerCells(e),
        e.split_type,
        participantsCell(e.split_type, e.participants, e.currency),
        e.is_settled ? 'Yes' : 'No',
        e.notes,
        e.created_at,
        e.updated_at,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  for (const s of data.settlements) {
    lines.push(
      [
        'Settlement',
        s.date,
        s.description,
        csvAmount(s.amount, s.currency),
        s.currency,
        '',
        s.from_user_name,
        s.from_user_email,
        '',
        s.to_user_name,
        'Yes',
        '',
        s.created_at,
        '',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * "Trip to Prague!" on 2026-11-22 -> "Trip_to_Prague__export_2026-11-22.csv". The date is the local
 * calendar date of `date` (the time zone of whoever downloads the file), not UTC: an export at 20:00 in
 * New York on November 22 is named 2026-11-22, although it is already November 23 in UTC.
 */
export function csvFileName(groupName: string, date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('The export date is not a valid date');
  return `${groupName.replace(/[^A-Za-z0-9]/gu, '_')}_export_${localDate(date)}.csv`;
}

/** YYYY-MM-DD of the local calendar day (years beyond 9999 keep all their digits). */
function localDate(date: Date): string {
  const year = date.getFullYear();
  const yyyy = year < 0 ? `-${String(-year).padStart(6, '0')}` : String(year).padStart(4, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${yyyy}-${mm}-${dd}`;
}
