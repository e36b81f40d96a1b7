// The pseudo-locale: every catalog message accented and about 40% longer, between ⟦ and ⟧, so a browser
// test sees at once a word that is not in the catalog (plain ASCII) and a label that no longer fits.

import { installPseudo } from './messages';

export function pseudoLocalize(text: string): string {
  if (text.trim() === '') return text;
  // A combining acute accent after each vowel: still readable, never plain ASCII, no table to download.
  const accented = text.replace(/[aeiouyAEIOUY]/g, '$&\u0301');
  const letters = text.replace(/[^A-Za-z]/g, '').length;
  return `⟦${accented}${'·'.repeat(Math.ceil(letters * 0.4))}⟧`;
}

installPseudo(pseudoLocalize);
