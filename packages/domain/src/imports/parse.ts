import { readCospendCsv } from './cospend';
import { readIhatemoneyCsv } from './ihatemoneyCsv';
import { readIhatemoneyJson } from './ihatemoneyJson';
import { withIdentities } from './keys';
import { readKittyJson } from './kitty';
import { type ImportReader, NO_IMPORT_OPTIONS } from './reader';
import { readSpliitCsv } from './spliitCsv';
import { readSpliitJson } from './spliitJson';
import { readSplitproCsv } from './splitpro';
import { readSplitwiseCsv } from './splitwise';
import type { ImportFormat, ImportOptions, ImportParseResult } from './types';

/** Every reader, in the order `auto` tries them (the most specific shapes first). */
const READERS: readonly ImportReader[] = [
  readKittyJson,
  readSpliitJson,
  readIhatemoneyJson,
  readSplitwiseCsv,
  readSpliitCsv,
  readCospendCsv,
  readSplitproCsv,
  readIhatemoneyCsv,
];

export const UNKNOWN_FORMAT =
  'This file is not an export Kitty can read (Splitwise, Spliit, IHateMoney, Cospend, SplitPro or Kitty)';

/**
 * The most data rows one import reads: one import is one transaction holding its group, and 10,000 rows are
 * written in well under a minute; a longer history is imported in parts (each part's rows remember where
 * they came from, so parts that overlap write nothing twice).
 */
export const MAX_IMPORT_ROWS = 10_000;

/** The format the text is in, by the first reader that recognises it; null when none does. */
export function detectImportFormat(content: string): ImportFormat | null {
  const text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  return READERS.find((r) => r.sniff(text))?.format ?? null;
}

/** Reads a file in `format` ("auto": detected). Never throws. */
export function parseImport(
  format: ImportFormat | 'auto',
  content: string,
  options: ImportOptions = NO_IMPORT_OPTIONS,
): ImportParseResult {
  const text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  const chosen = format === 'auto' ? detectImportFormat(text) : format;
  const reader = READERS.find((r) => r.format === chosen);
  if (!reader) return { ok: false, error: { line: 1, message: UNKNOWN_FORMAT } };
  try {
    const read = reader.parse(text, options);
    if (read.ok && read.ledger.rows > MAX_IMPORT_ROWS) {
      const rows = read.ledger.rows.toLocaleString('en-US');
      return {
        ok: false,
        error: {
          line: 1,
          message: `The file has ${rows} rows; Kitty imports at most 10,000 at once: export a shorter period, or split the file`,
        },
      };
    }
    return read.ok ? { ...read, ledger: withIdentities(read.ledger) } : read;
  } catch (error) {
    // A reader's bug must not become a 500 for someone's file: it is reported as unreadable.
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { line: 1, message: `This file could not be read: ${detail}` } };
  }
}
