import { Alert } from '../../components/Alert';
import { CheckCircleIcon } from '../../components/icons';
import { useGoBack } from '../../components/BackButton';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Spinner } from '../../components/Spinner';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';
import * as styles from './ExpenseDetailScreen.css';

const t = messages(catalog);

/** A failed load: the message, Go Back and Retry (Retry loads the expense again). */
export function DetailError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const goBack = useGoBack();
  return (
    <div className={styles.state}>
      <Alert>{message}</Alert>
      <div className={styles.stateActions}>
        <Button variant="secondary" onPress={goBack}>
          {t('goBack')}
        </Button>
        <Button onPress={onRetry}>{t('retry')}</Button>
      </div>
    </div>
  );
}

/** "Expense Not Found" (unknown, deleted or not visible to the caller). */
export function DetailNotFound() {
  const goBack = useGoBack();
  return (
    <Card className={styles.state}>
      <h1 className={styles.stateTitle}>{t('notFoundTitle')}</h1>
      <p>{t('notFound')}</p>
      <div className={styles.stateActions}>
        <Button onPress={goBack}>{t('goBack')}</Button>
      </div>
    </Card>
  );
}

/** The optimistic view while deleting (spinner) and after success (until the redirect). */
export function DeletionView({ deleted }: { deleted: boolean }) {
  return (
    <Card className={styles.state} role="status">
      {deleted ? (
        <CheckCircleIcon width={48} height={48} className={styles.doneIcon} />
      ) : (
        <Spinner size="lg" />
      )}
      <p className={styles.stateTitle}>{t(deleted ? 'deletedTitle' : 'deletingTitle')}</p>
      <p>{t(deleted ? 'deletedNote' : 'deletingNote')}</p>
    </Card>
  );
}
