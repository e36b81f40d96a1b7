import type { Expense } from '@kitty/api';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import type { BlockOffer } from './blockOffer';
import { BlockRecorder } from './BlockRecorder';
import * as styles from './ExpenseDetailScreen.css';
import { useExpenseDecline } from './useExpenseDecline';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/**
 * Offered to a person someone else named in a personal expense: they did not agree to it, so they may
 * decline it (it then counts for nobody), and block who recorded it from doing it again. Each asks first.
 */
export function DeclineExpense({ expense, block }: { expense: Expense; block: BlockOffer | null }) {
  const decline = useExpenseDecline(expense);
  const creator = expense.created_by.display_name.trim() || t('someone');
  return (
    <Card as="section" aria-labelledby="decline-title" className={styles.decline}>
      <h2 id="decline-title" className={styles.cardTitle}>
        {t('notYours')}
      </h2>
      <p>{t('declineExplain', { creator })}</p>
      <div className={styles.declineActions}>
        <Button variant="danger" onPress={decline.request} isDisabled={decline.step === 'declining'}>
          {decline.step === 'declining' ? t('declining') : t('declineExpense')}
        </Button>
        {block && <BlockRecorder offer={block} />}
      </div>
      <Dialog
        title={t('declineTitle')}
        size="sm"
        role="alertdialog"
        isOpen={decline.step === 'confirming'}
        onOpenChange={(open) => {
          if (!open) decline.cancel();
        }}
        footer={
          <>
            <Button variant="secondary" onPress={decline.cancel}>
              {t('cancel')}
            </Button>
            <Button variant="danger" onPress={decline.confirm}>
              {t('decline')}
            </Button>
          </>
        }
      >
        <p>{t('declineConfirm', { description: expense.description })}</p>
      </Dialog>
    </Card>
  );
}
