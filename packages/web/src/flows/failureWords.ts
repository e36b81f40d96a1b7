import { type Catalog, domainWords, messages } from '../i18n/messages';

// The server's refusals in the app's language, chosen by their code (openapi.yaml: its `message` is English),
// and the domain's English words (validation, the auth machine's) translated where they are shown. This
// registry is on the sign-in path; the words come with their catalogs: authErrorWords.ts (the sign-in
// screens' codes, loaded before the first render in any language but English, and with the signed-in app),
// errorWords.ts (every other code, with the signed-in app). In English the server's own words are shown, so
// the sign-in page downloads none of them.

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

/** The domain's (or the server's) English in the active language when a catalog knows it, else as it came. */
export function knownWords(english: string): string {
  for (const words of known) {
    const translated = words(english);
    if (translated !== english) return translated;
  }
  return english;
}

/** A failure's own message (e.g. "Error loading groups: {message}") in the active language. */
export function failureText(failure: { message: string } | null | undefined): string {
  return failure ? knownWords(failure.message) : '';
}

/** The words of a refusal's code in the active language; undefined when no catalog has them. */
export function codeWords(code: string): string | undefined {
  for (const table of codeTables) {
    const words = table(code);
    if (words !== undefined) return words;
  }
  return undefined;
}
