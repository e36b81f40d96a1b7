import { call, type components, type GroupDetail } from '@kitty/api';
import { parseMoney } from '@kitty/domain';
import { recurringStatusText, scheduleText } from '../../flows/recurringWords';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { LinkButton } from '../../components/LinkButton';
import { Money } from '../../components/Money';
import { LoadingText } from '../../components/Spinner';
import { changedMeanwhile } from '../../flows/conflict';
import { recurringFailure } from '../../flows/recurringWords';
import { invalidate, recurringListTag, useResource } from '../../flows/resource';
import { ConfirmPrompt } from './ConfirmPrompt';
import * as styles from './dialogs.css';
import catalog from '../../i18n/catalog/en/group.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

type RecurringExpense = components['schemas']['RecurringExpense'];
type StatusChange = 'active' | 'paused' | 'stopped';

/**
 * The group's recurring expenses (issue 24): each with its amount, schedule and next date or where it
 * stands, to pause, resume, stop (after confirming) or edit (the expenses still to come).
 */
export function RecurringExpensesDialog({ group, onClose }: { group: GroupDetail; onClose: () => void }) {
  const list = useResource(
    ['recurring', group.id],
    (signal) =>
      call(
        api.GET('/groups/{id}/recurring-expenses', { params: { path: { id: group.id } }, signal }),
        t('recurringLoadFailed'),
      ),
    { tags: [recurringListTag(group.id)] },
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stopping, setStopping] = useState<RecurringExpense | null>(null);

  const setStatus = async (recurring: RecurringExpense, status: StatusChange) => {
    setBusy(recurring.id);
    setError(null);
    try {
      await call(
        api.POST('/recurring-expenses/{id}/status', {
          params: { path: { id: recurring.id } },
          body: { status, version: recurring.version },
        }),
        t('recurringChangeFailed'),
      );
      // A resumed one may add today's expense: the group's figures load again with the list.
      invalidate(
        recurringListTag(group.id),
        `group:${group.id}`,
        `balances:${group.id}`,
        'expenses',
        'balances',
      );
    } catch (failure) {
      const seen = recurringFailure(failure);
      setError(seen instanceof Error ? seen.message : t('recurringChangeFailed'));
      if (changedMeanwhile(failure)) list.reload();
    } finally {
      setBusy(null);
      setStopping(null);
    }
  };

  const items = list.data?.recurring_expenses;
  return (
    <Dialog title={t('recurring')} size="md" isOpen onOpenChange={(isOpen) => !isOpen && onClose()}>
      <div className={styles.stack}>
        {error && <Alert>{error}</Alert>}
        {items && items.length === 0 && <p className={styles.empty}>{t('recurringEmpty')}</p>}
        {items && items.length > 0 && (
          <ul className={styles.list} aria-label={t('recurring')}>
            {items.map((recurring) => (
              <RecurringItem
                key={recurring.id}
                recurring={recurring}
                busy={busy === recurring.id}
                onStatus={(status) =>
                  status === 'stopped' ? setStopping(recurring) : void setStatus(recurring, status)
                }
              />
            ))}
          </ul>
        )}
        {list.status === 'loading' && !items && <LoadingText>{t('recurringLoading')}</LoadingText>}
        {list.status === 'failed' && (
          <div role="alert" className={styles.tightStack}>
            <p>{list.error?.message}</p>
            <div>
              <Button variant="secondary" size="sm" onPress={list.reload}>
                {t('tryAgain')}
              </Button>
            </div>
          </div>
        )}
      </div>
      {stopping && (
        <ConfirmPrompt
          title={t('stopTitle')}
          message={t('stopMessage', { description: stopping.expense.description })}
          confirmLabel={t('stop')}
          isPending={busy === stopping.id}
          onConfirm={() => void setStatus(stopping, 'stopped')}
          onCancel={() => setStopping(null)}
        />
      )}
    </Dialog>
  );
}

function RecurringItem({
  recurring,
  busy,
  onStatus,
}: {
  recurring: RecurringExpense;
  busy: boolean;
  onStatus: (status: StatusChange) => void;
}) {
  const { expense, schedule, status } = recurring;
  const amount = parseMoney(expense.amount, expense.currency);
  const ended = status === 'stopped' || status === 'finished';
  const label = expense.description;
  const toggle =
    status === 'active'
      ? { to: 'paused' as const, word: t('pause'), label: t('pauseOne', { name: label }) }
      : { to: 'active' as const, word: t('resume'), label: t('resumeOne', { name: label }) };
  // Stopped while shown (its buttons gone with it): the focus moves to what it is now.
  const item = useRef<HTMLLIElement>(null);
  const wasEnded = useRef(ended);
  useEffect(() => {
    if (ended && !wasEnded.current) item.current?.focus();
    wasEnded.current = ended;
  }, [ended]);
  return (
    <li ref={item} tabIndex={-1} className={styles.item} aria-label={label}>
      <div className={styles.row}>
        <span className={styles.name}>{expense.description}</span>
        {amount.ok && (
          <span className={styles.amount}>
            <Money minor={amount.value} currency={expense.currency} />
          </span>
        )}
      </div>
      <p className={styles.muted}>{scheduleText(schedule)}</p>
      <p>{recurringStatusText(recurring)}</p>
      {!ended && (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            size="sm"
            isPending={busy}
            onPress={() => onStatus(toggle.to)}
            aria-label={toggle.label}
          >
            {toggle.word}
          </Button>
          <LinkButton
            variant="secondary"
            size="sm"
            href={`/recurring/${recurring.id}/edit`}
            aria-label={t('editOne', { name: label })}
          >
            {t('edit')}
          </LinkButton>
          <Button
            variant="danger"
            size="sm"
            isDisabled={busy}
            onPress={() => onStatus('stopped')}
            aria-label={t('stopOne', { name: label })}
          >
            {t('stop')}
          </Button>
        </div>
      )}
    </li>
  );
}
