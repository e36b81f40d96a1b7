// The languages Kitty speaks, and which one a person gets. English is the spec's words (US English, as its
// "$1,226.50" and "Nov 24, 2026"); Czech is complete. `en-XA` is the pseudo-locale the browser tests run to
// find text outside the message catalog and text that does not fit when words grow longer.

export const LANGUAGES = ['en', 'cs'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The Intl locale each language formats numbers, money and dates in. */
export const LOCALE_OF: Readonly<Record<Language, string>> = { en: 'en-US', cs: 'cs-CZ' };

/** The locale every formatter defaults to: the spec's English. */
export const DEFAULT_LOCALE = 'en-US';

/** The pseudo-locale: English, accented and lengthened, so untranslated and cut-off text shows. */
export const PSEUDO_LOCALE = 'en-XA';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The language of a BCP 47 tag ("cs-CZ" -> "cs", "en-GB" -> "en"), or null when Kitty does not speak it. */
export function languageOf(tag: string): Language | null {
  const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return isLanguage(primary) ? primary : null;
}

/** The first language of `preferred` (most wanted first) that Kitty speaks; English when none. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return 'en';
}

/**
 * The tags of an Accept-Language header, most wanted first ("cs-CZ,cs;q=0.9,en;q=0.8" ->
 * ["cs-CZ", "cs", "en"]); those with q=0 and "*" are left out. Anything unreadable gives [].
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (typeof header !== 'string' || header.length > 1000) return [];
  const tags: { tag: string; q: number; index: number }[] = [];
  header.split(',').forEach((part, index) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim() ?? '';
    if (!/^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/.test(tag)) return;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(param);
      if (match) q = Number(match[1]);
    }
    if (q > 0) tags.push({ tag, q, index });
  });
  return tags.sort((a, b) => b.q - a.q || a.index - b.index).map((t) => t.tag);
}
