import { isApiError } from '@kitty/api';
import { canLeaveGroup, isCreator } from '@kitty/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { errorWords } from '../../flows/errorWords';
import { callGroup } from '../../flows/groupCall';
import { invalidate } from '../../flows/resource';
import { ConfirmPrompt } from './ConfirmPrompt';
import * as styles from './dialogs.css';
import catalog from '../../i18n/catalog/en/groupSettings.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
const words = domainWords(catalog);

export interface LeaveGroupSectionProps {
  groupId: string;
  createdBy: string;
  currentUserId: string;
  /** The caller's balances in the group, minor units, one per currency. */
  ownNets: readonly number[];
}

/** Leave Group: hidden for the creator; only with a zero balance; asks first; then back to /groups. */
export function LeaveGroupSection({ groupId, createdBy, currentUserId, ownNets }: LeaveGroupSectionProps) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (isCreator(currentUserId, createdBy)) return null;
  // Decided before the click: the button is disabled with the spec's reason beside it. The server still
  // refuses (CANNOT_LEAVE_GROUP, the same words) if the balance changed since this was loaded.
  const rule = canLeaveGroup({ userId: currentUserId, createdBy, balanceMinor: ownNets });

  const start = () => {
    setError(null);
    setConfirming(true);
  };

  const leave = async () => {
    setLeaving(true);
    try {
      await callGroup(
        api.POST('/groups/{id}/leave', { params: { path: { id: groupId } } }),
        t('leaveCallFailed'),
      );
      setConfirming(false);
      invalidate('groups', 'balances', 'expenses');
      void navigate('/groups');
    } catch (failure) {
      setConfirming(false);
      const refused = isApiError(failure) && failure.code === 'CANNOT_LEAVE_GROUP';
      setError(refused ? words(errorWords(failure)) : t('leaveFailed'));
    } finally {
      setLeaving(false);
    }
  };

  return (
    <section aria-labelledby="leave-group-title" className={styles.section}>
      <h3 id="leave-group-title" className={styles.heading}>
        {t('leaveTitle')}
      </h3>
      <p id="leave-group-reason" className={styles.muted}>
        {rule.ok ? t('leaveWhenZero') : words(rule.reason)}
      </p>
      {error && <Alert>{error}</Alert>}
      <div>
        <Button variant="danger" onPress={start} isDisabled={!rule.ok} aria-describedby="leave-group-reason">
          {t('leaveTitle')}
        </Button>
      </div>
      {confirming && (
        <ConfirmPrompt
          title={t('leaveTitle')}
          message={t('leaveConfirm')}
          confirmLabel={t('leave')}
          isPending={leaving}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void leave()}
        />
      )}
    </section>
  );
}
