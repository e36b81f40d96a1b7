import { readCospendCsv } from './cospend';
import { readIhatemoneyCsv } from './ihatemoneyCsv';
import { readIhatemoneyJson } from './ihatemoneyJson';
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
    return reader.parse(text, options);
  } catch (error) {
    // A reader's bug must not become a 500 for someone's file: it is reported as unreadable.
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { line: 1, message: `This file could not be read: ${detail}` } };
  }
}
