import type { Expense } from '@kitty/api';
import { call } from '@kitty/api';
import { expenseDeleteMachine } from '@kitty/domain/flows';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { fromPromise } from 'xstate';
import { api } from '../../api';
import { toast } from '../../components/Toast';
import { changedMeanwhile } from '../../flows/conflict';
import { expenseProblem } from '../../components/split/words';
import { invalidate } from '../../flows/resource';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';
import { expenseMoney } from '../ExpensesScreen/expenseMoney';

const t = messages(catalog);

/** How long the "Deleting expense..." toast stays (spec section 9). */
const DELETING_TOAST_MS = 1000;

/**
 * DELETE /expenses/{id} with the version the person is looking at. When that version is stale (409: the
 * expense was changed by someone else meanwhile), the expense detail loads again so the person sees the
 * current one; the machine shows the server's message.
 */
async function deleteExpense(expenseId: string, version: number | undefined) {
  try {
    return await call(
      api.DELETE('/expenses/{id}', {
        params: { path: { id: expenseId }, query: version ? { version } : {} },
      }),
      expenseProblem('Failed to delete expense'), // i18n-ignore: the domain's English (deleteExpenseDefaultMessage), said by expenseProblem
    );
  } catch (failure) {
    if (changedMeanwhile(failure)) invalidate(`expense:${expenseId}`);
    throw failure;
  }
}

/**
 * The domain's expenseDeleteMachine for one loaded expense: confirm, optimistic hide, success toast and
 * redirect to /dashboard after 500 ms; on failure the hide is undone and the message shown (toast and
 * "Operation failed" banner); on a stale version the expense is also loaded again.
 */
export function useExpenseDelete(expense: Expense, currentUserId: string) {
  const navigate = useNavigate();
  // The expense may load again (same view, newer version): the deletion is based on the latest one shown.
  const version = useRef(expense.version);
  version.current = expense.version;
  const [deleteLogic] = useState(() =>
    expenseDeleteMachine.provide({
      actors: {
        deleteExpense: fromPromise<unknown, { expenseId: string }>(({ input }) =>
          deleteExpense(input.expenseId, version.current),
        ),
      },
    }),
  );
  const actor = useActorRef(deleteLogic, {
    input: {
      expenseId: expense.id,
      paidBy: expense.paid_by,
      payers: expenseMoney(expense)?.payers,
      currentUserId,
    },
  });
  const [groupId] = useState(expense.group_id);

  useEffect(() => {
    let deletingToastShown = false;
    const subscriptions = [
      actor.subscribe((snapshot) => {
        if (snapshot.matches('deleting') && !deletingToastShown) {
          toast.info(t('deleting'), DELETING_TOAST_MS);
          deletingToastShown = true;
        }
        if (!snapshot.matches('deleting')) deletingToastShown = false;
      }),
      actor.on('delete.succeeded', () => {
        toast.success(t('deletedToast'));
        const tags = ['expenses', 'balances', 'groups'];
        if (groupId) tags.push(`group:${groupId}`, `balances:${groupId}`, `settlements:${groupId}`);
        invalidate(...tags);
      }),
      actor.on('delete.failed', ({ message }) => {
        toast.error(expenseProblem(message));
      }),
      actor.on('delete.redirect', () => {
        void navigate('/dashboard', { replace: true });
      }),
    ];
    return () => {
      for (const s of subscriptions) s.unsubscribe();
    };
  }, [actor, navigate, groupId]);

  const view = useSelector(
    actor,
    (s) => ({
      step: s.value as 'idle' | 'confirming' | 'deleting' | 'deleted' | 'done',
      hidden: s.context.hidden,
      error: s.context.error,
      warning: s.context.warning,
    }),
    shallowEqual,
  );

  return {
    ...view,
    request: () => actor.send({ type: 'delete.request' }),
    confirm: () => actor.send({ type: 'delete.confirm' }),
    cancel: () => actor.send({ type: 'delete.cancel' }),
    dismiss: () => actor.send({ type: 'delete.dismiss' }),
  };
}
