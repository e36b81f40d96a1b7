import { DELETE_NOT_PAYER_TOOLTIP } from '@kitty/domain/flows';
import { Button as RACButton } from 'react-aria-components';
import { TrashIcon } from '../../components/icons';
import { button } from '../../components/buttonClass';
import { cx } from '../../components/cx';
import { Tooltip } from '../../components/Tooltip';
import { expenseProblem } from '../../components/split/words';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';
import * as styles from './ExpenseDetailScreen.css';

const t = messages(catalog);

/**
 * The delete icon. For someone who did not pay it is shown disabled (aria-disabled, still focusable) with
 * the tooltip "Only the person who paid can delete this expense"; pressing it then gives the warning.
 */
export function DeleteExpenseButton({ canDelete, onPress }: { canDelete: boolean; onPress: () => void }) {
  const trigger = (
    <RACButton
      aria-label={t('deleteExpense')}
      aria-disabled={canDelete ? undefined : true}
      data-unavailable={canDelete ? undefined : true}
      onPress={onPress}
      className={cx(button({ variant: 'ghost', size: 'sm' }), styles.unavailable)}
    >
      <TrashIcon width={20} height={20} />
    </RACButton>
  );
  if (canDelete) return trigger;
  return <Tooltip content={expenseProblem(DELETE_NOT_PAYER_TOOLTIP)}>{trigger}</Tooltip>;
}
