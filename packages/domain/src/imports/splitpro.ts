import type { ImportReader } from './reader';

/** splitpro-csv: not written yet. */
export const readSplitproCsv: ImportReader = {
  format: 'splitpro-csv',
  sniff: () => false,
  parse: () => ({ ok: false, error: { line: 1, message: 'This format cannot be read yet' } }),
};
