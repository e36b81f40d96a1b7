import { call } from '@kitty/api';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { api } from '../api';
import { CONFIG_FAILED, type ConfigState, type ConfigStore, createConfigStore } from './configStore';

/** The app's configuration store: loaded when a session starts (see authServices). */
export const appConfigStore: ConfigStore = createConfigStore(() => call(api.GET('/config'), CONFIG_FAILED));

const ConfigContext = createContext<ConfigStore>(appConfigStore);

export function ConfigProvider({
  children,
  store = appConfigStore,
}: {
  children: ReactNode;
  store?: ConfigStore;
}) {
  return <ConfigContext.Provider value={store}>{children}</ConfigContext.Provider>;
}

/**
 * The application configuration: `{ status, config, error }`. `config` is null until loaded or when the
 * load failed (`error.message`, default "Failed to load app configuration"); use the domain's own
 * lists (categories, currencies, split types) as the fallback.
 */
export function useAppConfig(): ConfigState {
  const store = useContext(ConfigContext);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
