import * as styles from './CommentCount.css';
import { cx } from './cx';
import { CommentIcon } from './icons';
import catalog from '../i18n/catalog/en/lists.json';
import { messages } from '../i18n/messages';

const t = messages(catalog);

/**
 * How many comments an expense has, on its row: a speech bubble and the number, read as "3 comments"
 * (role img: one label for the icon and number). Nothing when there are none.
 */
export function CommentCount({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span role="img" aria-label={t('comments', { count })} className={cx(styles.count, className)}>
      <CommentIcon width={14} height={14} />
      {count}
    </span>
  );
}
