import type { HTMLAttributes } from 'react';
import * as styles from './Card.css';
import { cx } from './cx';

export type CardProps = HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article' };

/** A raised surface grouping related content (auth forms, dashboard widgets). */
export function Card({ as: Element = 'div', className, ...props }: CardProps) {
  return <Element {...props} className={cx(styles.card, className)} />;
}
