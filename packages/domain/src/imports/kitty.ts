import type { ImportReader } from './reader';

/** kitty-json: not written yet. */
export const readKittyJson: ImportReader = {
  format: 'kitty-json',
  sniff: () => false,
  parse: () => ({ ok: false, error: { line: 1, message: 'This format cannot be read yet' } }),
};
