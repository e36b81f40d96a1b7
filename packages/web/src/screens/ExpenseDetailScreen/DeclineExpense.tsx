import type { Expense } from '@kitty/api';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import * as styles from './ExpenseDetailScreen.css';
import { useExpenseDecline } from './useExpenseDecline';

/**
 * Offered to a person someone else named in a personal expense: they did not agree to it, so they may
 * decline it (it then counts for nobody). Asks first.
 */
export function DeclineExpense({ expense }: { expense: Expense }) {
  const decline = useExpenseDecline(expense);
  const creator = expense.created_by.display_name.trim() || 'Someone';
  return (
    <Card as="section" aria-labelledby="decline-title" className={styles.decline}>
      <h2 id="decline-title" className={styles.cardTitle}>
        Not yours?
      </h2>
      <p>
        {creator} added you to this expense. If you did not agree to it, decline it: it will then count for
        nobody.
      </p>
      <div>
        <Button variant="danger" onPress={decline.request} isDisabled={decline.step === 'declining'}>
          {decline.step === 'declining' ? 'Declining...' : 'Decline expense'}
        </Button>
      </div>
      <Dialog
        title="Decline Expense"
        size="sm"
        role="alertdialog"
        isOpen={decline.step === 'confirming'}
        onOpenChange={(open) => {
          if (!open) decline.cancel();
        }}
        footer={
          <>
            <Button variant="secondary" onPress={decline.cancel}>
              Cancel
            </Button>
            <Button variant="danger" onPress={decline.confirm}>
              Decline
            </Button>
          </>
        }
      >
        <p>
          Decline "{expense.description}"? It will stay visible, marked as declined by you, but it will no
          longer count in anyone's balance. This cannot be undone.
        </p>
      </Dialog>
    </Card>
  );
}
