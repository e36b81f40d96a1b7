import { Button } from './Button';
import * as styles from './ErrorScreen.css';
import { button } from './buttonClass';
import catalog from '../i18n/catalog/en/common.json';
import { messages } from '../i18n/messages';

const t = messages(catalog);

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The fallback for errors no screen handled (spec section 8). */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{t('errorTitle')}</h1>
      <p className={styles.message}>{t('errorText')}</p>
      <pre className={styles.details}>{describe(error)}</pre>
      <div className={styles.actions}>
        <Button onPress={() => window.location.reload()}>{t('reload')}</Button>
        {/* A plain link: a full page load, so a broken router state cannot survive it. */}
        <a className={button({ variant: 'secondary' })} href="/dashboard">
          {t('goHome')}
        </a>
      </div>
    </main>
  );
}
