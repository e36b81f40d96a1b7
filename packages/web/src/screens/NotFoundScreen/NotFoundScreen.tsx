import { LinkButton } from '../../components/LinkButton';
import { cx } from '../../components/cx';
import * as styles from '../shared/placeholder.css';
import catalog from '../../i18n/catalog/en/authLinks.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** Any address the app does not know. */
export function NotFoundScreen() {
  return (
    <main className={cx(styles.page, styles.standalone)}>
      <h1 className={styles.title}>{t('notFoundTitle')}</h1>
      <p className={styles.text}>{t('notFoundText')}</p>
      <LinkButton href="/dashboard">{t('goHome')}</LinkButton>
    </main>
  );
}
