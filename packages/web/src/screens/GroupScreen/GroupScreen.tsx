import { lazy, Suspense, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { LinkButton } from '../../components/LinkButton';
import { LoadingText } from '../../components/Spinner';
import { toast } from '../../components/Toast';
import { useAuth } from '../../flows/AuthProvider';
import { WaitingToSync } from '../../offline/WaitingToSync';
import { ActivitySection } from './ActivitySection';
import { exportGroupCsv } from './exportGroupCsv';
import { GroupHeader } from './GroupHeader';
import { DownloadIcon, GearIcon, TransferIcon, ScaleIcon } from '../../components/icons';
import * as styles from './GroupScreen.css';
import { isGroupSettled } from './groupState';
import { useGroupData } from './useGroupData';
import catalog from '../../i18n/catalog/en/group.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

// The dialogs load on demand, the first time one is opened.
const SettleUpDialog = lazy(() => import('./SettleUpDialog').then((m) => ({ default: m.SettleUpDialog })));
const GroupBalancesDialog = lazy(() =>
  import('./GroupBalancesDialog').then((m) => ({ default: m.GroupBalancesDialog })),
);
const GroupSettingsDialog = lazy(() =>
  import('./GroupSettingsDialog').then((m) => ({ default: m.GroupSettingsDialog })),
);
const AddGroupExpenseDialog = lazy(() =>
  import('./AddGroupExpenseDialog').then((m) => ({ default: m.AddGroupExpenseDialog })),
);

const GroupHistoryDialog = lazy(() =>
  import('./GroupHistoryDialog').then((m) => ({ default: m.GroupHistoryDialog })),
);

const RecurringExpensesDialog = lazy(() =>
  import('./RecurringExpensesDialog').then((m) => ({ default: m.RecurringExpensesDialog })),
);

type OpenDialog = 'expense' | 'settle' | 'balances' | 'settings' | 'history' | 'recurring' | null;

/** Group detail (/groups/{groupId}): balance, actions, activity and the group's dialogs. */
export function GroupScreen() {
  const { groupId = '' } = useParams();
  const { user } = useAuth();
  const data = useGroupData(groupId);
  // "Manage" on a recurring expense's occurrence links here with ?show=recurring.
  const { search } = useLocation();
  const [open, setOpen] = useState<OpenDialog>(() =>
    new URLSearchParams(search).get('show') === 'recurring' ? 'recurring' : null,
  );
  const [exporting, setExporting] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const { group, balances } = data;

  if (group.data === undefined) {
    if (group.status === 'failed' && group.error?.code === 'NOT_FOUND') {
      return (
        <div className={styles.centered}>
          <p>{t('noGroup')}</p>
          <LinkButton href="/groups" variant="secondary">
            {t('yourGroups')}
          </LinkButton>
        </div>
      );
    }
    if (group.status === 'failed') {
      return (
        <div className={styles.centered} role="alert">
          <p>{t('loadError', { message: group.error?.message ?? '' })}</p>
          <Button onPress={group.reload}>{t('tryAgain')}</Button>
        </div>
      );
    }
    return <LoadingText centered>{t('loading')}</LoadingText>;
  }

  const detail = group.data;
  const settled = isGroupSettled(detail, balances.data);
  const close = () => setOpen(null);

  const runExport = async () => {
    setExporting(true);
    try {
      await exportGroupCsv(groupId);
      toast.success(t('exportDone'));
    } catch {
      toast.error(t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  // The archive's download loads on demand: the group screen's first visit carries only this button.
  const runArchive = async () => {
    setArchiving(true);
    try {
      const archive = await import('./downloadArchive');
      try {
        await archive.downloadGroupArchive(groupId);
        toast.success(t('archiveStarted'));
      } catch {
        toast.error(t('archiveFailed'));
      }
    } catch {
      toast.error(t('archiveFailed'));
    } finally {
      setArchiving(false);
    }
  };

  return (
    <>
      <GroupHeader group={detail} onAddExpense={() => setOpen('expense')} />

      {group.status === 'failed' && (
        // A reload failed: what was loaded before stays, with the error and a way to retry.
        <div className={styles.reloadError}>
          <Alert>{t('loadError', { message: group.error?.message ?? '' })}</Alert>
          <Button variant="secondary" size="sm" onPress={group.reload}>
            {t('tryAgain')}
          </Button>
        </div>
      )}

      <div className={styles.actionBar}>
        <Button variant="secondary" className={styles.actionButton} onPress={() => setOpen('settle')}>
          <TransferIcon />
          {t('settleUp')}
        </Button>
        <Button variant="secondary" className={styles.actionButton} onPress={() => setOpen('balances')}>
          <ScaleIcon />
          {t('balances')}
        </Button>
        <Button
          variant="secondary"
          className={styles.actionButton}
          isPending={exporting}
          onPress={() => void runExport()}
        >
          {!exporting && <DownloadIcon />}
          {t('export')}
        </Button>
        <Button
          variant="secondary"
          className={styles.actionButton}
          aria-label={t('settings')}
          onPress={() => setOpen('settings')}
        >
          <GearIcon />
        </Button>
      </div>

      <WaitingToSync kinds={['expense', 'settlement']} groupId={detail.id} />
      <ActivitySection data={data} settled={settled} />

      <div className={styles.historyBar}>
        <Button variant="secondary" size="sm" onPress={() => setOpen('recurring')}>
          {t('recurring')}
        </Button>
        <Button variant="secondary" size="sm" onPress={() => setOpen('history')}>
          {t('history')}
        </Button>
        <LinkButton href={`/groups/${groupId}/statistics`} variant="secondary" size="sm">
          {t('statistics')}
        </LinkButton>
        <LinkButton href={`/groups/${groupId}/import`} variant="secondary" size="sm">
          {t('importHere')}
        </LinkButton>
        <Button variant="secondary" size="sm" isPending={archiving} onPress={() => void runArchive()}>
          {t('downloadAll')}
        </Button>
      </div>

      <Suspense fallback={null}>
        {open === 'settle' && user && (
          <SettleUpDialog group={detail} currentUserId={user.id} onClosed={close} />
        )}
        {open === 'balances' && (
          <GroupBalancesDialog balances={balances} currency={detail.currency} onClose={close} />
        )}
        {open === 'settings' && user && (
          <GroupSettingsDialog
            group={detail}
            balances={balances.data}
            currentUserId={user.id}
            onClose={close}
          />
        )}
        {open === 'history' && <GroupHistoryDialog group={detail} onClose={close} />}
        {open === 'recurring' && <RecurringExpensesDialog group={detail} onClose={close} />}
        {open === 'expense' && user && (
          <AddGroupExpenseDialog group={detail} currentUser={user} onClose={close} />
        )}
      </Suspense>
    </>
  );
}
