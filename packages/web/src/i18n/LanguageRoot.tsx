import { Fragment, type ReactNode, useSyncExternalStore } from 'react';
import { activeLanguage, activeTag, subscribeLanguage } from './language';
import { ariaLocaleProvider } from './switchLanguage';

/**
 * The app in the active language: a change of language renders the whole tree again (every `t` reads the
 * language when it is called), and react-aria's controls take it when it is not the browser's own.
 */
export function LanguageRoot({ children }: { children: ReactNode }) {
  const language = useSyncExternalStore(subscribeLanguage, activeLanguage);
  const AriaLocale = ariaLocaleProvider();
  if (AriaLocale) {
    return (
      <AriaLocale key={language} locale={activeTag()}>
        {children}
      </AriaLocale>
    );
  }
  return <Fragment key={language}>{children}</Fragment>;
}
