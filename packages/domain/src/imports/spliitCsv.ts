import type { ImportReader } from './reader';

/** spliit-csv: not written yet. */
export const readSpliitCsv: ImportReader = {
  format: 'spliit-csv',
  sniff: () => false,
  parse: () => ({ ok: false, error: { line: 1, message: 'This format cannot be read yet' } }),
};
