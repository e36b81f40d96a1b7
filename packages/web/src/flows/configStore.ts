import type { AppConfig } from '@kitty/api';

/** Spec section 4 "Config load": the default message when the load fails without one. */
// i18n-ignore: the English key; shown through knownWords (catalog errors)
export const CONFIG_FAILED = 'Failed to load app configuration';

export type ConfigStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface ConfigError {
  status: number;
  message: string;
}

export interface ConfigState {
  status: ConfigStatus;
  config: AppConfig | null;
  error: ConfigError | null;
}

export interface ConfigStore {
  getSnapshot(): ConfigState;
  subscribe(listener: () => void): () => void;
  /** Loads now; a load already under way is joined, not repeated. Never rejects. */
  load(): Promise<void>;
  /** Loads unless the configuration is already here or on its way. */
  ensureLoaded(): Promise<void>;
}

function toConfigError(error: unknown): ConfigError {
  const { status, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    status?: unknown;
    message?: unknown;
  };
  return {
    status: typeof status === 'number' ? status : 0,
    message: typeof message === 'string' && message !== '' ? message : CONFIG_FAILED,
  };
}

/**
 * The application configuration (categories, currencies, split types) loaded once per session start.
 * A failure is kept as { status, message } and the app goes on: screens fall back to the domain's lists.
 */
export function createConfigStore(fetchConfig: () => Promise<AppConfig>): ConfigStore {
  let state: ConfigState = { status: 'idle', config: null, error: null };
  let inFlight: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const set = (next: ConfigState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const load = (): Promise<void> => {
    if (inFlight) return inFlight;
    set({ ...state, status: 'loading', error: null });
    inFlight = fetchConfig()
      .then(
        (config) => set({ status: 'succeeded', config, error: null }),
        (error: unknown) => set({ status: 'failed', config: state.config, error: toConfigError(error) }),
      )
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    ensureLoaded: () => (state.status === 'succeeded' || inFlight ? (inFlight ?? Promise.resolve()) : load()),
  };
}
