// The server's refusals in the app's language, chosen by their code (openapi.yaml: its `message` is English),
// and the domain's English words (validation, the auth machine's) translated where they are shown. Only this
// hook is on the sign-in path; the words come with their catalogs (wordCatalogs.ts): authErrorWords.ts (the
// sign-in screens' codes, loaded before the first render in any language but English, and with the signed-in
// app), errorWords.ts (every other code, with the signed-in app). In English the server's own words are
// shown, so the sign-in page downloads none of them.

let known: (english: string) => string = (english) => english;

/** The domain's (or the server's) English in the active language when a catalog knows it, else as it came. */
export const knownWords = (english: string): string => known(english);

/** A failure's own message (e.g. "Error loading groups: {message}") in the active language. */
export const failureText = (failure: { message: string } | null | undefined): string =>
  failure ? known(failure.message) : '';

/** Installed by wordCatalogs.ts with the catalogs it holds. */
export function installKnownWords(words: (english: string) => string): void {
  known = words;
}
