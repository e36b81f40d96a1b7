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
import type { SelectOption } from './Select';

/** The domain's currencyLabel ("EUR - Euro") of the configuration's currencies, else of the domain's list. */
export function useCurrencyOptions(): SelectOption[] {
  const { config } = useAppConfig();
  return useMemo(() => {
    const table: Record<string, { name: string }> = config?.currencies ?? CURRENCIES;
    return Object.entries(table).map(([code, { name }]) => ({ id: code, label: currencyLabel(code, name) }));
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
    return types.map((type) => ({ id: type, label: SPLIT_TYPE_LABELS[type] }));
  }, [config]);
}
