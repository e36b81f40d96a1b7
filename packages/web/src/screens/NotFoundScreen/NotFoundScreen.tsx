import { LinkButton } from '../../components/LinkButton';
import { cx } from '../../components/cx';
import * as styles from '../shared/placeholder.css';

/** Any address the app does not know. */
export function NotFoundScreen() {
  return (
    <main className={cx(styles.page, styles.standalone)}>
      <h1 className={styles.title}>Page not found</h1>
      <p className={styles.text}>There is nothing at this address.</p>
      <LinkButton href="/dashboard">Go to Home</LinkButton>
    </main>
  );
}
