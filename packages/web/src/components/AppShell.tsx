import { Outlet, useMatches } from 'react-router';
import * as styles from './AppShell.css';
import { BottomNav } from './BottomNav';
import { Brand } from './Brand';
import { cx } from './cx';

/** What a route may say about the shell through its `handle` (see routes.tsx). */
export interface ShellHandle {
  /** False for full-screen flows (create/edit expense) that bring their own header and actions. */
  shell?: boolean;
}

function useShellVisible(): boolean {
  return useMatches().every((match) => (match.handle as ShellHandle | undefined)?.shell !== false);
}

/**
 * The frame of every signed-in screen: a banner with the product name, the main landmark holding the
 * route, and the bottom navigation. A route with `handle: { shell: false }` gets the main landmark only.
 */
export function AppShell() {
  const visible = useShellVisible();
  return (
    <div className={styles.shell}>
      {visible && (
        <header className={styles.header}>
          <div className={styles.headerInner}>
            <Brand />
          </div>
        </header>
      )}
      <main className={cx(styles.main, visible && styles.withBottomNav)}>
        <Outlet />
      </main>
      {visible && <BottomNav />}
    </div>
  );
}
