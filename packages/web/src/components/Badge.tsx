import type { ReactNode } from 'react';
import * as styles from './Badge.css';
import { cx } from './cx';

export interface BadgeProps {
  children: ReactNode;
  /** neutral (default), positive (Registered, Connected), warning (Pending, Not Registered), accent (Creator). */
  tone?: 'neutral' | 'positive' | 'warning' | 'accent';
  className?: string;
}

/** A small label beside a name: "Registered", "Pending", "Creator", "Not Registered". */
export function Badge({ children, tone = 'neutral', className }: BadgeProps) {
  return <span className={cx(styles.badge({ tone }), className)}>{children}</span>;
}
