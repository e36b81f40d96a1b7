import type { ReactNode } from 'react';
import * as styles from './AuthLayout.css';
import { Brand } from './Brand';
import { Card } from './Card';
import catalog from '../i18n/catalog/en/common.json';
import { messages } from '../i18n/messages';

const t = messages(catalog);

export interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** Under the card: "Don't have an account? Sign up". */
  footer?: ReactNode;
}

/** The sign-in screens' page: product name and tagline, then a card with the form. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <div className={styles.brandBlock}>
          <Brand size="large" />
          <p className={styles.tagline}>{t('tagline')}</p>
        </div>
        <Card as="section" aria-labelledby="auth-title">
          <div className={styles.cardHeader}>
            <h1 id="auth-title" className={styles.title}>
              {title}
            </h1>
            <p className={styles.subtitle}>{subtitle}</p>
          </div>
          {children}
        </Card>
        {footer && <p className={styles.footer}>{footer}</p>}
      </div>
    </main>
  );
}
