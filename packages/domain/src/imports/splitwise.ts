import type { ImportReader } from './reader';

/** splitwise-csv: not written yet. */
export const readSplitwiseCsv: ImportReader = {
  format: 'splitwise-csv',
  sniff: () => false,
  parse: () => ({ ok: false, error: { line: 1, message: 'This format cannot be read yet' } }),
};
