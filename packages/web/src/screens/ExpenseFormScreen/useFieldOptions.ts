import { CURRENCIES, currencyLabel, EXPENSE_CATEGORIES, isExpenseCategory } from '@kitty/domain';
import { currencyName } from '../../components/configOptions';
import type { ExpenseDraft } from '@kitty/domain/flows';
import type { SelectOption } from '../../components/Select';
import { categoryName } from '../../components/split/words';
import { useAppConfig } from '../../flows/ConfigProvider';

/** Category and currency options from the configuration, else the domain's lists; the draft's own value always offered. */
export function useFieldOptions(draft: Pick<ExpenseDraft, 'category' | 'currency'>) {
  const { config } = useAppConfig();
  const categoryValues: string[] = config?.expenseCategories.values ?? [...EXPENSE_CATEGORIES];
  const names: Record<string, string> = config?.expenseCategories.displayNames ?? {};
  // The known categories in the active language; one the server added later by the name it gives.
  const categories: SelectOption[] = categoryValues.map((id) => ({
    id,
    label: isExpenseCategory(id) ? categoryName(id) : (names[id] ?? categoryName(id)),
  }));
  if (draft.category && !categoryValues.includes(draft.category)) {
    categories.push({ id: draft.category, label: categoryName(draft.category) });
  }
  const currencyMap: Record<string, { name: string }> = config?.currencies ?? CURRENCIES;
  const currencies: SelectOption[] = Object.entries(currencyMap).map(([code, c]) => ({
    id: code,
    label: currencyLabel(code, currencyName(code, c.name)),
  }));
  if (draft.currency && !Object.hasOwn(currencyMap, draft.currency)) {
    currencies.push({ id: draft.currency, label: draft.currency });
  }
  return { categories, currencies };
}
