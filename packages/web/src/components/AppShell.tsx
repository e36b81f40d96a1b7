import { Outlet } from 'react-router';
import { OfflineStatus } from '../offline/OfflineStatus';
import * as styles from './AppShell.css';
import { BottomNav } from './BottomNav';
import { Brand } from './Brand';
import { cx } from './cx';
import { VerifyEmailBanner } from './VerifyEmailBanner';

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
      <OfflineStatus />
      <main className={cx(styles.main, frame && styles.withBottomNav)}>
        <Outlet />
      </main>
      {frame && <BottomNav />}
    </div>
  );
}
