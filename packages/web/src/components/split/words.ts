import { isExpenseCategory, type SplitType, valueMessageOf } from '@kitty/domain';
import categories from '../../i18n/catalog/en/categories.json';
import expenseWords from '../../i18n/catalog/en/expenseWords.json';
import split from '../../i18n/catalog/en/split.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

// The words of expenses the domain writes in English, in the active language: split methods, categories,
// and every rule's message an expense form, the split dialog or an expense's detail shows (validation,
// amounts, splits, payers, dates, repeating, comments, receipts, deleting). The group screen's quick add
// shows the same messages: it can use these too.

const t = messages(split);
const c = messages(categories);
const w = messages(expenseWords);
const plain = domainWords(expenseWords);

/** "Split Equally", "Split by Percentage"... (the domain's SPLIT_TYPE_LABELS). */
export const splitTypeLabel = (type: SplitType): string => t(`type.${type}`);

/** A category's name; an unknown value as given, a missing one as Other (categoryDisplayName's rule). */
export function categoryName(value: string | null | undefined): string {
  if (!value) return c('other');
  return isExpenseCategory(value) ? c(value) : value;
}

/**
 * A message of the expense rules in the active language: the domain's constants word for word, the ones
 * it builds from values by their id and values (valueMessageOf); anything else (a server's message) as it came.
 */
export function expenseProblem(english: string): string;
export function expenseProblem(english: string | null | undefined): string | undefined;
export function expenseProblem(english: string | null | undefined): string | undefined {
  if (english === null || english === undefined) return undefined;
  const said = plain(english);
  if (said !== english) return said;
  const built = valueMessageOf(english);
  return built ? w(built.id, built.values) : english;
}

/** Every message of a form's errors, in the active language. */
export function problems<K extends string>(
  errors: Partial<Record<K, string | undefined>>,
): Partial<Record<K, string | undefined>> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [key, expenseProblem(message as string | undefined)]),
  ) as Partial<Record<K, string | undefined>>;
}
