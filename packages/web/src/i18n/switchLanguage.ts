import type { Language } from '@kitty/domain';
import {
  type AppLanguage,
  activeLanguage,
  activeTag,
  preferredLanguage,
  rememberLanguage,
  setActiveLanguage,
} from './language';

/** Before the first render: the device's language, with what it needs loaded. */
export async function startLanguage(): Promise<void> {
  const language: AppLanguage = preferredLanguage();
  await Promise.all([
    language === 'cs' ? import('./czech') : language === 'pseudo' ? import('./pseudo') : null,
    // Refusals by code: English shows the server's own words, the others need theirs from the first screen.
    language === 'en' ? null : import('../flows/authErrorWords'),
  ]);
  setActiveLanguage(language);
  document.documentElement.lang = activeTag();
}

/**
 * The person's choice (Account, or their account settings after sign-in), kept on this device; null follows
 * the browser again. Another language than the one spoken loads the app again in it: every module, cache and
 * screen starts in the new language, and what was typed is already saved (the choice is made by saving).
 */
export function chooseLanguage(language: Language | null): void {
  rememberLanguage(language);
  if (preferredLanguage() !== activeLanguage()) window.location.reload();
}
