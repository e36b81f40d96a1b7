import type { ImportReader } from './reader';

/** spliit-json: not written yet. */
export const readSpliitJson: ImportReader = {
  format: 'spliit-json',
  sniff: () => false,
  parse: () => ({ ok: false, error: { line: 1, message: 'This format cannot be read yet' } }),
};
