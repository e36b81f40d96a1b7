import type { ApiError } from '@kitty/api';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { toast } from '../../components/Toast';
import { blockPerson } from '../../flows/blocks';
import { errorWords } from '../../flows/errorWords';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';
import type { BlockOffer } from './blockOffer';
import { ConfirmDialog } from './ConfirmDialog';
import * as styles from './ExpenseDetailScreen.css';

const t = messages(catalog);

/**
 * "Block {name}" beside Decline: after a confirmation, the person who recorded the expense may no longer
 * put the viewer in personal expenses or payments (PUT /blocks/{id}). What exists stays as it is.
 */
export function BlockRecorder({ offer }: { offer: BlockOffer }) {
  const [step, setStep] = useState<'idle' | 'confirming' | 'blocking'>('idle');

  const confirm = async () => {
    setStep('blocking');
    try {
      await blockPerson(offer.id);
      toast.success(t('blockedPerson', { name: offer.name }));
    } catch (failure) {
      toast.error(errorWords(failure as ApiError));
    } finally {
      setStep('idle');
    }
  };

  return (
    <>
      <Button variant="secondary" onPress={() => setStep('confirming')} isDisabled={step === 'blocking'}>
        {step === 'blocking' ? t('blocking') : offer.label}
      </Button>
      <ConfirmDialog
        title={t('blockTitle', { name: offer.name })}
        confirmLabel={t('block')}
        isOpen={step === 'confirming'}
        isPending={false}
        onConfirm={() => void confirm()}
        onCancel={() => setStep('idle')}
      >
        <p>{t('blockConfirm', { name: offer.name })}</p>
      </ConfirmDialog>
    </>
  );
}

/** On an expense already declined (or one its viewer paid): the block alone, with why it is there. */
export function BlockRecorderCard({ offer }: { offer: BlockOffer }) {
  return (
    <Card as="section" aria-labelledby="block-title" className={styles.decline}>
      <h2 id="block-title" className={styles.cardTitle}>
        {t('blockHeading')}
      </h2>
      <p>{t('blockExplain', { name: offer.name })}</p>
      <div>
        <BlockRecorder offer={offer} />
      </div>
    </Card>
  );
}
