import type { ImportReader } from './reader';

/** cospend-csv: not written yet. */
export const readCospendCsv: ImportReader = {
  format: 'cospend-csv',
  sniff: () => false,
  parse: () => ({ ok: false, error: { line: 1, message: 'This format cannot be read yet' } }),
};
