import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { Suspense, useEffect } from 'react';
import {
  type NavigateOptions,
  Outlet,
  useHref,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { LoadingText } from '../components/Spinner';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import catalog from '../i18n/catalog/en/common.json';
import { messages } from '../i18n/messages';

const t = messages(catalog);

/**
 * A new page starts at its top; Back and Forward (POP) leave the position to the browser, which restores
 * it for history entries.
 */
function useScrollToTopOnNewPage() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what starts a new page.
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/**
 * The root route: react-aria links and buttons with `href` navigate through react-router (the toast region
 * is the signed-in frame's: only signed-in screens raise toasts). The first screen's chunks load behind "Loading..."; later
 * navigations keep the previous screen until the next one has loaded.
 */
export function RootLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  useScrollToTopOnNewPage();
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      <RouteErrorBoundary locationKey={location.key}>
        <Suspense fallback={<LoadingText centered>{t('loading')}</LoadingText>}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </AriaRouterProvider>
  );
}

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}
