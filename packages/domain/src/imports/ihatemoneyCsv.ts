import type { ImportReader } from './reader';

/** ihatemoney-csv: not written yet. */
export const readIhatemoneyCsv: ImportReader = {
  format: 'ihatemoney-csv',
  sniff: () => false,
  parse: () => ({ ok: false, error: { line: 1, message: 'This format cannot be read yet' } }),
};
