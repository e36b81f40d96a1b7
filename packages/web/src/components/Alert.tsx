import type { ReactNode } from 'react';
import { cx } from './cx';
import * as styles from './Alert.css';

export interface AlertProps {
  children: ReactNode;
  tone?: 'error' | 'success';
  className?: string;
}

/**
 * A message banner announced as it appears: role "alert" for errors (interrupts), "status" for
 * successes (polite). Render it only while there is something to say.
 */
export function Alert({ children, tone = 'error', className }: AlertProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cx(styles.alert[tone], className)}>
      {children}
    </div>
  );
}
