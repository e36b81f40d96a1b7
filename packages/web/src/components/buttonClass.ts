import * as styles from './Button.css';
import { cx } from './cx';

export interface ButtonVariants {
  variant?: keyof typeof styles.variant;
  size?: keyof typeof styles.size;
  fullWidth?: boolean;
}

/** The classes of a button (primary, medium by default), for Button, LinkButton and a plain link or button. */
export const button = ({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
}: ButtonVariants = {}): string =>
  cx(styles.base, styles.variant[variant], styles.size[size], fullWidth && styles.fullWidth);
