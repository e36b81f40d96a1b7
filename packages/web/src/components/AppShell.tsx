import { I18nProvider } from 'react-aria-components';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import { useAccountLanguage } from '../flows/accountSettings';
import { activeTag } from '../i18n/language';
import * as styles from './AppShell.css';
import { BottomNav } from './BottomNav';
import { Brand } from './Brand';
import { cx } from './cx';
import { subscribeToastRequest, toastRequested } from './toastQueue';
import { VerifyEmailBanner } from './VerifyEmailBanner';

// The live stream loads after the screen, as its own chunk (live/LiveUpdates.tsx).
const LiveUpdates = lazy(() => import('../live/LiveUpdates'));
// Offline, update and unsent-writes bars (src/offline): loaded after the screen, never before it.
const OfflineStatus = lazy(() =>
  import('../offline/OfflineStatus').then((m) => ({ default: m.OfflineStatus })),
);

const Toasts = lazy(() => import('./Toast').then((m) => ({ default: m.Toasts })));

/** The toast region, fetched with the first toast (sign-in pages never show one) and kept from then on. */
function ToastRegionOnDemand() {
  const needed = useSyncExternalStore(subscribeToastRequest, toastRequested);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/**
 * The frame of every signed-in screen: a banner with the product name, the main landmark holding the
 * route, and the bottom navigation; above the route, until the address is verified, a banner asking for it. Full-screen flows (create and edit expense), which bring their own
 * header and actions, use `frame={false}` and get the main landmark only.
 */
export function AppShell({ frame = true }: { frame?: boolean }) {
  useAccountLanguage();
  // Every refusal's words, by code, for the signed-in screens: fetched once the frame shows, not before it
  // (the sign-in side's, those of a screen's first load among them, came with the entry).
  useEffect(() => {
    void import('../flows/errorWords');
  }, []);
  // react-aria's controls (their own words, numbers and dates) in the app's language, also when it is not the
  // browser's; the sign-in screens use none that has words of its own.
  return (
    <I18nProvider locale={activeTag()}>
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
          <LiveUpdates />
          <OfflineStatus />
        </Suspense>
        <main className={cx(styles.main, frame && styles.withBottomNav)}>
          <Outlet />
        </main>
        {frame && <BottomNav />}
        <ToastRegionOnDemand />
      </div>
    </I18nProvider>
  );
}
