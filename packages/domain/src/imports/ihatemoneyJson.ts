import type { ImportReader } from './reader';

/** ihatemoney-json: not written yet. */
export const readIhatemoneyJson: ImportReader = {
  format: 'ihatemoney-json',
  sniff: () => false,
  parse: () => ({ ok: false, error: { line: 1, message: 'This format cannot be read yet' } }),
};
