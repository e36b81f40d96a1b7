import type { Expense } from '@kitty/api';
import { call } from '@kitty/api';
import { useRef, useState } from 'react';
import { api } from '../../api';
import { toast } from '../../components/Toast';
import { newIdempotencyKey } from '../../flows/idempotency';
import { invalidate } from '../../flows/resource';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/**
 * POST /expenses/decline/{id} after a confirmation. One Idempotency-Key per expense shown, so a retry after
 * a lost answer declines once. On success the expense and every balance load again.
 */
export function useExpenseDecline(expense: Expense) {
  const [step, setStep] = useState<'idle' | 'confirming' | 'declining'>('idle');
  const key = useRef(newIdempotencyKey());

  const confirm = async () => {
    setStep('declining');
    try {
      await call(
        api.POST('/expenses/decline/{id}', {
          params: { path: { id: expense.id }, header: { 'Idempotency-Key': key.current } },
        }),
        t('declineFailed'),
      );
      toast.success(t('declined'));
      invalidate(`expense:${expense.id}`, 'expenses', 'balances', 'groups');
    } catch (failure) {
      const message = (failure as { message?: string }).message || t('declineFailed');
      toast.error(message);
      invalidate(`expense:${expense.id}`);
    } finally {
      setStep('idle');
    }
  };

  return {
    step,
    request: () => setStep('confirming'),
    cancel: () => setStep('idle'),
    confirm: () => void confirm(),
  };
}
