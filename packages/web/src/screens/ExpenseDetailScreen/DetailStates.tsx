import { DELETED_VIEW, DELETING_VIEW } from '@kitty/domain/flows';
import { Alert } from '../../components/Alert';
import { CheckCircleIcon } from '../../components/icons';
import { useGoBack } from '../../components/BackButton';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Spinner } from '../../components/Spinner';
import * as styles from './ExpenseDetailScreen.css';

/** A failed load: the message, Go Back and Retry (Retry loads the expense again). */
export function DetailError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const goBack = useGoBack();
  return (
    <div className={styles.state}>
      <Alert>{message}</Alert>
      <div className={styles.stateActions}>
        <Button variant="secondary" onPress={goBack}>
          Go Back
        </Button>
        <Button onPress={onRetry}>Retry</Button>
      </div>
    </div>
  );
}

/** "Expense Not Found" (unknown, deleted or not visible to the caller). */
export function DetailNotFound() {
  const goBack = useGoBack();
  return (
    <Card className={styles.state}>
      <h1 className={styles.stateTitle}>Expense Not Found</h1>
      <p>The expense you're looking for doesn't exist or has been deleted.</p>
      <div className={styles.stateActions}>
        <Button onPress={goBack}>Go Back</Button>
      </div>
    </Card>
  );
}

/** The optimistic view while deleting (spinner) and after success (until the redirect). */
export function DeletionView({ deleted }: { deleted: boolean }) {
  const view = deleted ? DELETED_VIEW : DELETING_VIEW;
  return (
    <Card className={styles.state} role="status">
      {deleted ? (
        <CheckCircleIcon width={48} height={48} className={styles.doneIcon} />
      ) : (
        <Spinner size="lg" />
      )}
      <p className={styles.stateTitle}>{view.title}</p>
      <p>{view.note}</p>
    </Card>
  );
}
