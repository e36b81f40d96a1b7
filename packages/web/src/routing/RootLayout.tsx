import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import {
  type NavigateOptions,
  Outlet,
  ScrollRestoration,
  useHref,
  useMatches,
  useNavigate,
} from 'react-router';
import { PRODUCT_NAME } from '../components/Brand';
import { toastQueue } from '../components/toastQueue';
import type { RouteHandle } from './handle';

/** "Home · Kitty": the deepest route's title names the tab. */
function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  useEffect(() => {
    document.title = title?.title ? `${title.title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title?.title]);
}

const Toasts = lazy(() => import('../components/Toast').then((m) => ({ default: m.Toasts })));

const subscribeToasts = (onChange: () => void) => toastQueue.subscribe(onChange);
const hasToasts = () => toastQueue.visibleToasts.length > 0;

/** The toast region, fetched with the first toast (sign-in pages never show one) and kept from then on. */
function ToastRegionOnDemand() {
  const needed = useSyncExternalStore(subscribeToasts, hasToasts);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (needed) setLoaded(true);
  }, [needed]);
  if (!needed && !loaded) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/**
 * The root route: react-aria links and buttons with `href` navigate through react-router; the toast
 * region sits once above every screen.
 */
export function RootLayout() {
  const navigate = useNavigate();
  useDocumentTitle();
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      <Outlet />
      <ToastRegionOnDemand />
      <ScrollRestoration />
    </AriaRouterProvider>
  );
}

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}
