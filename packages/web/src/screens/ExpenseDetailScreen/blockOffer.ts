import type { Expense } from '@kitty/api';
import { mayBlockRecorder } from '@kitty/domain';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';
import { expenseMoney } from '../ExpensesScreen/expenseMoney';

const t = messages(catalog);

export interface BlockOffer {
  /** Who recorded the expense: the person to block. */
  id: string;
  name: string;
  /** "Block {name}": the button's words. */
  label: string;
}

/**
 * The "Block {name}" offer of an expense to its viewer, or null: only to whom someone else named in a
 * personal expense (the domain's mayBlockRecorder), declined or not.
 */
export function blockOffer(expense: Expense, viewerId: string): BlockOffer | null {
  const money = expenseMoney(expense);
  const offered = mayBlockRecorder(
    { ...expense, created_by: expense.created_by.id, payers: money?.payers },
    viewerId,
  );
  if (!offered) return null;
  const name = expense.created_by.display_name.trim() || t('someone');
  return { id: expense.created_by.id, name, label: t('blockPerson', { name }) };
}
