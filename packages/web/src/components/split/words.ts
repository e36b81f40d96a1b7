import { isExpenseCategory, type SplitType } from '@kitty/domain';
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

const WHAT: Record<string, string> = {
  'A percentage': 'percentage',
  'A share': 'share',
  'An amount': 'amount',
  'An adjustment': 'adjustment',
};

/** Messages the domain builds from values: the English pattern and how to say it. */
const BUILT: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [/^Amount can have at most (\d+) decimal places$/, (m) => w('amountDecimals', { count: Number(m[1]) })],
  [/^Amounts in (\S+) must be whole numbers$/, (m) => w('amountWhole', { currency: m[1] ?? '' })],
  [/^Unknown currency (\S+)$/, (m) => w('unknownCurrency', { currency: m[1] ?? '' })],
  [
    /^(A percentage|A share|An amount|An adjustment) (must be a number|cannot be negative|was given for someone who is not participating)$/,
    (m) => {
      const what = WHAT[m[1] ?? ''] ?? 'amount';
      if (m[2] === 'must be a number') return w('valueNotNumber', { what });
      return m[2] === 'cannot be negative'
        ? w('valueNegative', { what })
        : w('valueNotParticipating', { what });
    },
  ],
];

/**
 * A message of the expense rules in the active language: the domain's constants word for word, the ones
 * it builds from values by their pattern; anything else (a server's message) as it came.
 */
export function expenseProblem(english: string): string;
export function expenseProblem(english: string | null | undefined): string | undefined;
export function expenseProblem(english: string | null | undefined): string | undefined {
  if (english === null || english === undefined) return undefined;
  const said = plain(english);
  if (said !== english) return said;
  for (const [pattern, say] of BUILT) {
    const match = pattern.exec(english);
    if (match) return say(match);
  }
  return english;
}

/** Every message of a form's errors, in the active language. */
export function problems<K extends string>(
  errors: Partial<Record<K, string | undefined>>,
): Partial<Record<K, string | undefined>> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [key, expenseProblem(message as string | undefined)]),
  ) as Partial<Record<K, string | undefined>>;
}
