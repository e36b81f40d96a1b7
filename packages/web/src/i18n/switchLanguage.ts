import { type Language, languageOf } from '@kitty/domain';
import type { AriaLocale } from './AriaLocale';
import {
  type AppLanguage,
  activeLanguage,
  activeTag,
  preferredLanguage,
  rememberLanguage,
  setActiveLanguage,
} from './language';

let ariaLocale: typeof AriaLocale | null = null;

/**
 * react-aria's locale provider, when the app speaks another language than the browser: react-aria's controls
 * follow the browser by themselves, so most visits load nothing for them.
 */
export const ariaLocaleProvider = () => ariaLocale;

async function load(language: AppLanguage): Promise<void> {
  const browser = typeof navigator === 'undefined' ? null : languageOf(navigator.language);
  const [, provider] = await Promise.all([
    language === 'cs' ? import('./czech') : language === 'pseudo' ? import('./pseudo') : null,
    language !== 'pseudo' && language !== browser && !ariaLocale ? import('./AriaLocale') : null,
  ]);
  if (provider) ariaLocale = provider.AriaLocale;
  setActiveLanguage(language);
  document.documentElement.lang = activeTag();
}

/** Before the first render: the device's language, with its catalogs loaded. */
export function startLanguage(): Promise<void> {
  return load(preferredLanguage());
}

/**
 * The person's choice (Account, or their account settings after sign-in): kept on this device and spoken
 * at once. null follows the browser again.
 */
export function chooseLanguage(language: Language | null): Promise<void> {
  rememberLanguage(language);
  const next = preferredLanguage();
  return next === activeLanguage() ? Promise.resolve() : load(next);
}
