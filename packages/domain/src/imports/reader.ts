import type { ImportFormat, ImportOptions, ImportParseResult } from './types';

/** One format: how to recognise it and how to read it. */
export interface ImportReader {
  format: ImportFormat;
  /** Whether the text looks like this format (its header row, its JSON shape); cheap, never throws. */
  sniff: (content: string) => boolean;
  /** Reads the whole file; never throws: a file it cannot read is `{ ok: false }` naming the line. */
  parse: (content: string, options?: ImportOptions) => ImportParseResult;
}

/** No currency chosen: rows whose file does not say theirs are problems. */
export const NO_IMPORT_OPTIONS: ImportOptions = { currency: null };
