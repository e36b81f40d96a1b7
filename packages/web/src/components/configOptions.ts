import {
  CURRENCIES,
  currencyLabel,
  isSplitType,
  SPLIT_TYPE_LABELS,
  SPLIT_TYPES,
  type SplitType,
} from '@kitty/domain';
import { useMemo } from 'react';
import { useAppConfig } from '../flows/ConfigProvider';
import catalog from '../i18n/catalog/en/account.json';
import { activeLanguage, activeLocale } from '../i18n/language';
import { domainWords } from '../i18n/domainWords';
import type { SelectOption } from './Select';

const words = domainWords(catalog);

/** A currency's name in the active language (Intl's), the configuration's English name in English. */
export function currencyName(code: string, english: string): string {
  if (activeLanguage() === 'en') return english;
  try {
    return new Intl.DisplayNames([activeLocale()], { type: 'currency' }).of(code) ?? english;
  } catch {
    return english;
  }
}

/** The domain's currencyLabel ("EUR - Euro") of the configuration's currencies, else of the domain's list. */
export function useCurrencyOptions(): SelectOption[] {
  const { config } = useAppConfig();
  return useMemo(() => {
    const table: Record<string, { name: string }> = config?.currencies ?? CURRENCIES;
    return Object.entries(table).map(([code, { name }]) => ({
      id: code,
      label: currencyLabel(code, currencyName(code, name)),
    }));
  }, [config]);
}

/**
 * The five split types with their spec labels ("Split Equally", ...). The configuration's list is kept to the
 * known types; when it is missing or empty all five are offered (spec section 7).
 */
export function useSplitTypeOptions(): { id: SplitType; label: string }[] {
  const { config } = useAppConfig();
  return useMemo(() => {
    const known = (config?.splitTypes ?? []).filter(isSplitType);
    const types = known.length > 0 ? known : SPLIT_TYPES;
    return types.map((type) => ({ id: type, label: words(SPLIT_TYPE_LABELS[type]) }));
  }, [config]);
}
