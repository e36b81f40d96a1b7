import { type ComponentType, lazy, useEffect } from 'react';
import { PRODUCT_NAME } from '../components/Brand';

/**
 * A screen fetched when it is first shown (its own chunk), so signing in does not download the whole app.
 * The router's navigations run as transitions: the previous screen stays until this one has loaded.
 */
export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  return lazy(() => load().then((Component) => ({ default: Component })));
}

/** A route's screen; its title names the tab ("Home · Kitty") once it shows. */
export function Screen({ title, component: Component }: { title: string; component: ComponentType }) {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
  return <Component />;
}
