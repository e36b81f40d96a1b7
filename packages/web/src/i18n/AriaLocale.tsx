import { I18nProvider } from 'react-aria-components';
import type { ReactNode } from 'react';

/** react-aria's controls in the app's language, when it is not the browser's (switchLanguage.ts loads this). */
export function AriaLocale({ locale, children }: { locale: string; children: ReactNode }) {
  return <I18nProvider locale={locale}>{children}</I18nProvider>;
}
