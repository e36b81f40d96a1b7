import { visuallyHidden } from '../../components/VisuallyHidden.css';
import * as styles from './dialogs.css';
import { ArrowRightIcon } from '../../components/icons';
import catalog from '../../i18n/catalog/en/settleUp.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** "Alice → Bob" (read "Alice to Bob"): who pays whom. */
export function FromTo({ from, to }: { from: string; to: string }) {
  return (
    <span className={`${styles.name} ${styles.arrow}`}>
      {from}
      <ArrowRightIcon width={16} height={16} />
      <span className={visuallyHidden}> {t('to')} </span>
      {to}
    </span>
  );
}
