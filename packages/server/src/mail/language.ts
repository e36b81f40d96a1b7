import { type Language, languageOf, parseAcceptLanguage, pickLanguage } from '@kitty/domain';

/** What the server knows of a person's language (users.language and users.browser_language). */
export interface KnownLanguage {
  /** Chosen in Account; null follows the browser. */
  language: string | null;
  /** The language their browser last asked for (Accept-Language at registration or sign-in). */
  browser_language: string | null;
}

/**
 * The language of a person's e-mails, by the rule of the contract: the one they chose, else the one their
 * browser last asked for, else English.
 */
export function languageOfPerson(person: KnownLanguage): Language {
  return languageOf(person.language ?? '') ?? languageOf(person.browser_language ?? '') ?? 'en';
}

/**
 * The language a browser asks for in its Accept-Language header: the first tag Kitty speaks, English when
 * it names only languages Kitty does not speak ("de" -> "en"); null when the request says nothing usable
 * (no header, only "*", or unreadable), so what was known stays.
 */
export function browserLanguageOf(header: string | string[] | undefined): Language | null {
  const tags = parseAcceptLanguage(Array.isArray(header) ? header.join(',') : header);
  return tags.length === 0 ? null : pickLanguage(tags);
}
