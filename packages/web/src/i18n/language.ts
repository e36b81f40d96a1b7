import { type Language, languageOf, LOCALE_OF, pickLanguage, PSEUDO_LOCALE } from '@kitty/domain';

// The language the app speaks now, and where it comes from: the person's choice (Account, saved with the
// account settings and kept on this device so the sign-in screens speak it too), else the browser's
// languages. `en-XA`, the pseudo-locale, is for the browser tests only (docs/i18n.md).

export type AppLanguage = Language | 'pseudo';

const STORAGE_KEY = 'kitty.language';
let current: AppLanguage = 'en';

function storedChoice(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** What the device says: the saved choice, else the browser's languages (the pseudo-locale when it asks). */
export function preferredLanguage(): AppLanguage {
  const stored = storedChoice();
  if (stored === PSEUDO_LOCALE) return 'pseudo';
  const chosen = stored ? languageOf(stored) : null;
  if (chosen) return chosen;
  const browser = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? [navigator.language])];
  if (browser[0] === PSEUDO_LOCALE) return 'pseudo';
  return pickLanguage(browser);
}

/** Keeps the person's choice on this device (null: follow the browser again). */
export function rememberLanguage(language: Language | null): void {
  try {
    if (language) localStorage.setItem(STORAGE_KEY, language);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode without storage: the choice still holds for this visit.
  }
}

export const activeLanguage = (): AppLanguage => current;

/** The Intl locale of the active language (the pseudo-locale formats as English). */
export const activeLocale = (): string => (current === 'pseudo' ? LOCALE_OF.en : LOCALE_OF[current]);

/** The BCP 47 tag for <html lang> and react-aria. */
export const activeTag = (): string => (current === 'pseudo' ? PSEUDO_LOCALE : LOCALE_OF[current]);

/** Set once before the first render (switchLanguage.ts), and by tests. */
export function setActiveLanguage(language: AppLanguage): void {
  current = language;
}
