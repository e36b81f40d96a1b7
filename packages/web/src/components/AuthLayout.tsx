import type { ReactNode } from 'react';
import * as styles from './AuthLayout.css';
import { Brand, TAGLINE } from './Brand';
import { Card } from './Card';

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
          <p className={styles.tagline}>{TAGLINE}</p>
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
