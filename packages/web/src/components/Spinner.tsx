import type { ReactNode } from 'react';
import { cx } from './cx';
import * as styles from './Spinner.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A decorative spinning ring; pair it with text (LoadingText) so the state is announced. */
export function Spinner({ size = 'md', className }: SpinnerProps) {
  return <span aria-hidden="true" className={cx(styles.spinner, styles.spinnerSize[size], className)} />;
}

export interface LoadingTextProps {
  children: ReactNode;
  /** Fill the screen and center the text: for a whole screen that is loading. */
  centered?: boolean;
  className?: string;
}

/** A loading message in a polite live region, e.g. "Loading your groups...". */
export function LoadingText({ children, centered = false, className }: LoadingTextProps) {
  return (
    <div role="status" className={cx(styles.loadingText, centered && styles.centered, className)}>
      <Spinner size={centered ? 'lg' : 'sm'} />
      <span>{children}</span>
    </div>
  );
}
