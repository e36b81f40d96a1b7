import type { ReactNode } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';
import * as styles from './ExpenseDetailScreen.css';

const t = messages(catalog);

/** A section's failure with the one thing to do about it: Retry a load, or Dismiss a refusal once read. */
export function SectionAlert({
  children,
  onRetry,
  onDismiss,
}: {
  children: ReactNode;
  /** Retry a load (the button says Retry); else */
  onRetry?: () => void;
  /** Dismiss a refusal once read (the button says Dismiss). */
  onDismiss?: () => void;
}) {
  const retry = onRetry !== undefined;
  return (
    <Alert>
      <span className={styles.commentsFailure}>
        {children}
        <Button variant={retry ? 'secondary' : 'ghost'} size="sm" onPress={onRetry ?? onDismiss}>
          {retry ? t('retry') : t('dismiss')}
        </Button>
      </span>
    </Alert>
  );
}
