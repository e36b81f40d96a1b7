import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import * as styles from './AppShell.css';
import { BottomNav } from './BottomNav';
import { Brand } from './Brand';
import { cx } from './cx';
import { VerifyEmailBanner } from './VerifyEmailBanner';

// Offline, update and unsent-writes bars (src/offline): loaded after the screen, never before it.
const OfflineStatus = lazy(() =>
  import('../offline/OfflineStatus').then((m) => ({ default: m.OfflineStatus })),
);

/**
 * The frame of every signed-in screen: a banner with the product name, the main landmark holding the
 * route, and the bottom navigation; above the route, until the address is verified, a banner asking for it. Full-screen flows (create and edit expense), which bring their own
 * header and actions, use `frame={false}` and get the main landmark only.
 */
export function AppShell({ frame = true }: { frame?: boolean }) {
  return (
    <div className={styles.shell}>
      {frame && (
        <header className={styles.header}>
          <div className={styles.headerInner}>
            <Brand />
          </div>
        </header>
      )}
      <VerifyEmailBanner />
      <Suspense fallback={null}>
        <OfflineStatus />
      </Suspense>
      <main className={cx(styles.main, frame && styles.withBottomNav)}>
        <Outlet />
      </main>
      {frame && <BottomNav />}
    </div>
  );
}
