import type { LocalizedString, LocalizedStringFormatter, Variables } from '@internationalized/string';
import { LOCALE_OF } from '@kitty/domain';
import { activeLanguage } from './language';

// Every word of the UI comes from a catalog: src/i18n/catalog/en/<area>.json holds the English (the spec's
// exact words), catalog/cs/<area>.json the Czech, as ICU messages (plurals, selects, {placeholders}). A screen
// imports its English catalog and asks `messages(catalog)` for its `t`; the Czech ones load as one chunk when
// the app speaks Czech (czech.ts). build/messageCatalogs.ts compiles both at build time.

/** A catalog as TypeScript sees its JSON: message keys. At run time the messages are compiled. */
export type Catalog = Readonly<Record<string, string>>;
type Compiled = Record<string, LocalizedString>;

const EN = LOCALE_OF.en;
const CS = LOCALE_OF.cs;
let czech: Readonly<Record<string, Compiled>> = {};
let pseudoLocalize: (text: string) => string = (text) => text;

/** Installs the pseudo-locale's transformation (pseudo.ts, loaded only when the pseudo-locale is asked for). */
export function installPseudo(transform: (text: string) => string): void {
  pseudoLocalize = transform;
}

/** Installs the Czech catalogs (czech.ts), keyed by area. */
export function installCzech(catalogs: Readonly<Record<string, Compiled>>): void {
  czech = catalogs;
}

const areaOf = (catalog: Catalog): string => (catalog as { __area?: string }).__area ?? '';

// Set by formatter.ts, which every catalog with placeholders imports before its messages can be called.
let formatterOf: (locale: string) => LocalizedStringFormatter;

/** Installs what compiled messages with placeholders call (formatter.ts: every such catalog imports it). */
export function installFormatter(formatter: (locale: string) => LocalizedStringFormatter): void {
  formatterOf = formatter;
}

export type Translate<C extends Catalog> = (key: keyof C & string, values?: Variables) => string;

/**
 * The `t` of one catalog: `t('title')`, `t('count', { count: 3 })`. It reads the active language on every
 * call, so a module-level `const t = messages(catalog)` follows a change of language (the app re-renders).
 */
export function messages<C extends Catalog>(catalog: C): Translate<C> {
  const english = catalog as unknown as Compiled;
  return (key, values) => {
    const language = activeLanguage();
    const czechMessage = language === 'cs' ? czech[areaOf(catalog)]?.[key] : undefined;
    const message = czechMessage ?? english[key] ?? key;
    const text = typeof message === 'string' ? message : message(values, formatterOf(czechMessage ? CS : EN));
    return language === 'pseudo' ? pseudoLocalize(text) : text;
  };
}
