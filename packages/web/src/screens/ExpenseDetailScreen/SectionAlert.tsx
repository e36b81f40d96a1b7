import type { ReactNode } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import * as styles from './ExpenseDetailScreen.css';

/** A section's failure with the one thing to do about it: Retry a load, or Dismiss a refusal once read. */
export function SectionAlert({
  children,
  action,
  onAction,
}: {
  children: ReactNode;
  action: 'Retry' | 'Dismiss';
  onAction: () => void;
}) {
  return (
    <Alert>
      <span className={styles.commentsFailure}>
        {children}
        <Button variant={action === 'Retry' ? 'secondary' : 'ghost'} size="sm" onPress={onAction}>
          {action}
        </Button>
      </span>
    </Alert>
  );
}
