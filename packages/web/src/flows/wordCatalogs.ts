import { type Catalog, messages } from '../i18n/messages';
import { domainWords } from '../i18n/domainWords';
import { installKnownWords } from './failureWords';

// The catalogs that translate refusals by code and the domain's English words (failureWords.ts): registered by
// authErrorWords.ts, accountErrorWords.ts and errorWords.ts, which load with the screens that need them.

type CodeWords = (code: string) => string | undefined;

const codeTables: CodeWords[] = [];
const known: ((english: string) => string)[] = [];

/** A catalog whose keys are ErrorCodes (and other messages): its words for the codes it holds. */
export function addRefusalCatalog<C extends Catalog>(codes: C): void {
  const t = messages(codes);
  codeTables.push((code) => (Object.hasOwn(codes, code) ? t(code as keyof C & string) : undefined));
  known.push(domainWords(codes));
}

/** A catalog that holds domain words verbatim (domainWords): knownWords translates them. */
export function addKnownWords<C extends Catalog>(words: C): void {
  known.push(domainWords(words));
}

function knownWords(english: string): string {
  for (const words of known) {
    const translated = words(english);
    if (translated !== english) return translated;
  }
  return english;
}

/** The words of a refusal's code in the active language; undefined when no catalog has them. */
export function codeWords(code: string): string | undefined {
  for (const table of codeTables) {
    const words = table(code);
    if (words !== undefined) return words;
  }
  return undefined;
}

installKnownWords(knownWords);
