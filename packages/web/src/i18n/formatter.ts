import type { LocalizedString, LocalizedStringFormatter } from '@internationalized/string';
import { installFormatter } from './messages';

// What a compiled message with placeholders calls (plural, number, select), as @internationalized/string's
// LocalizedStringFormatter does it, on Intl's plural rules and numbers of the locale (the formatter itself also
// looks messages up in a dictionary, which `t` does). build/messageCatalogs.ts makes every catalog that has
// such a message import this module, so a page whose words are all plain (the sign-in page) downloads none of it.

type Options = Record<string, LocalizedString | (() => string)>;
const choose = (option: Options[string] | undefined): string =>
  typeof option === 'function' ? (option as () => string)() : (option ?? '');
const formatters = new Map<string, LocalizedStringFormatter>();

/**
 * What a compiled message calls (plural, number, select), as @internationalized/string's
 * LocalizedStringFormatter does it, on Intl's plural rules and numbers of the locale. The formatter itself
 * also looks messages up in a dictionary, which `t` does here: its 0.6 kB are not on the sign-in path.
 */
function formatterOf(locale: string): LocalizedStringFormatter {
  let found = formatters.get(locale);
  if (!found) {
    const cardinal = new Intl.PluralRules(locale);
    const ordinal = new Intl.PluralRules(locale, { type: 'ordinal' });
    const numbers = new Intl.NumberFormat(locale);
    const own = {
      plural: (count: number, options: Options, type?: Intl.PluralRuleType) =>
        choose(
          options[`=${count}`] ??
            options[(type === 'ordinal' ? ordinal : cardinal).select(count)] ??
            options.other,
        ),
      number: (value: number) => numbers.format(value),
      select: (options: Options, value: string) => choose(options[value] ?? options.other),
    };
    found = own as unknown as LocalizedStringFormatter;
    formatters.set(locale, found);
  }
  return found;
}

installFormatter(formatterOf);
