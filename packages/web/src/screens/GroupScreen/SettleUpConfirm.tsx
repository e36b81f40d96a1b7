import type { User } from '@kitty/api';
import { memberName } from '@kitty/domain';
import type { SettlementDraft } from '@kitty/domain/flows';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Money } from '../../components/Money';
import * as styles from './dialogs.css';
import { FromTo } from './FromTo';
import catalog from '../../i18n/catalog/en/settleUp.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
const words = domainWords(catalog);

export interface SettleUpConfirmProps {
  draft: SettlementDraft;
  members: readonly User[];
  submitting: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
}

/** The Confirm Settlement step: what will be recorded; Back returns to the form, Confirm records it. */
export function SettleUpConfirm({
  draft,
  members,
  submitting,
  error,
  onBack,
  onConfirm,
}: SettleUpConfirmProps) {
  const { payload } = draft;
  const nameOf = (id: string) => memberName(members.find((m) => m.id === id));
  return (
    <section aria-labelledby="confirm-settlement-title" className={styles.stack}>
      <h3 id="confirm-settlement-title" className={styles.heading}>
        {t('confirmTitle')}
      </h3>
      <div className={styles.item}>
        <div className={styles.row}>
          <FromTo from={nameOf(payload.from_user_id)} to={nameOf(payload.to_user_id)} />
          <Money minor={draft.amountMinor} currency={payload.currency} className={styles.amount} />
        </div>
        {payload.description && <p className={styles.muted}>{payload.description}</p>}
      </div>
      {error && <Alert>{words(error)}</Alert>}
      <div className={styles.actions}>
        <Button variant="ghost" onPress={onBack} isDisabled={submitting}>
          {t('back')}
        </Button>
        <Button onPress={onConfirm} isPending={submitting}>
          {submitting ? t('recording') : t('confirm')}
        </Button>
      </div>
    </section>
  );
}
