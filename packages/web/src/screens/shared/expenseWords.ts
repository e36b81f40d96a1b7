import { paidByName, type PayerLike, type SearchableExpense } from '@kitty/domain';
import catalog from '../../i18n/catalog/en/lists.json';
import { messages } from '../../i18n/messages';

// The words of an expense row (Home's Recent Expenses, All Expenses) in the active language: the domain's
// expenseGroupName, declinedLabel, paidByName and direction labels give them in English.

const t = messages(catalog);

/** The group's name, or "Personal" without a group (the domain's expenseGroupName). */
export function groupNameText(expense: SearchableExpense): string {
  return expense.groupName?.trim() || expense.Group?.name?.trim() || t('personal');
}

/** "Declined by {name}" when someone declined it (the domain's declinedLabel); else null. */
export function declinedText(declined: { by: { display_name: string } } | null | undefined): string | null {
  if (!declined) return null;
  return t('declinedBy', { name: declined.by.display_name.trim() || t('someone') });
}

/** Who paid: display name, else e-mail, else "Unknown" (the domain's paidByName). */
export function payerText(payer: PayerLike | null | undefined): string {
  const known = payer?.display_name?.trim() || payer?.email?.trim();
  return known ? paidByName(payer) : t('unknown');
}

/** "you owe" / "you are owed" (the domain's expenseDirection label). */
export function directionText(direction: 'owe' | 'owed'): string {
  return t('caption', { kind: direction });
}
