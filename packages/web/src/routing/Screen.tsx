import { type ComponentType, type LazyExoticComponent, lazy, useEffect } from 'react';
import { PRODUCT_NAME } from '../components/Brand';
import catalog from '../i18n/catalog/en/common.json';
import { messages } from '../i18n/messages';

const t = messages(catalog);

/** A screen title's message (common.json `title…`). */
export type ScreenTitle = keyof typeof catalog & `title${string}`;

/** A lazily loaded component that can also be fetched ahead of its first render. */
export type Preloadable<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` whose chunk can also be requested before the component renders (see `preloadRoute`): a screen
 * or layout fetched when first needed (its own chunk), so signing in does not download the whole app. The
 * router's navigations run as transitions: the previous screen stays until the next one has loaded.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then((Component) => ({ default: Component }));
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

/** A route's screen; its title names the tab ("Home · Kitty") once it shows. */
export function Screen({
  titleKey,
  component: Component,
}: {
  titleKey: ScreenTitle;
  component: ComponentType;
}) {
  const text = t(titleKey);
  useEffect(() => {
    document.title = `${text} · ${PRODUCT_NAME}`;
  }, [text]);
  return <Component />;
}
