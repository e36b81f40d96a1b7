import { initialOf } from '@kitty/domain';
import * as styles from './Avatar.css';
import { cx } from './cx';

export interface AvatarProps {
  /** The person's or group's name; its first letter is shown. */
  name: string | null | undefined;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A round initial-letter avatar. Decorative: the name is always written beside it. */
export function Avatar({ name, size = 'md', className }: AvatarProps) {
  return (
    <span aria-hidden="true" className={cx(styles.avatar({ size }), className)}>
      {initialOf(name)}
    </span>
  );
}
