import type { ApiError } from '@kitty/api';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 4 "Financial loads": each load moves through these, separately. */
export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface Resource<T> {
  status: LoadStatus;
  /** The last loaded value; kept while a reload runs, so screens can show "Updating..." over it. */
  data: T | undefined;
  error: ApiError | null;
  /** True while a reload runs over data already shown. */
  refreshing: boolean;
  reload(): void;
}

type Listener = () => void;
const listeners = new Map<string, Set<Listener>>();

/**
 * Tells every mounted resource tagged with any of `tags` to load again, e.g. after a settlement:
 * `invalidate('balances', 'groups', `group:${id}`)` (spec: "the balances, the group and the groups list are
 * refetched").
 */
export function invalidate(...tags: string[]): void {
  for (const tag of tags) for (const listener of listeners.get(tag) ?? []) listener();
}

/** The tag of a group's recurring expenses: invalidating it loads the list again. */
export const recurringListTag = (groupId: string) => `recurring:${groupId}`;

/** The tag of one recurring expense: a save refused as stale loads it again. */
export const recurringExpenseTag = (id: string) => `recurring-expense:${id}`;

function subscribe(tags: readonly string[], listener: Listener): () => void {
  for (const tag of tags) {
    const set = listeners.get(tag) ?? new Set();
    set.add(listener);
    listeners.set(tag, set);
  }
  return () => {
    for (const tag of tags) listeners.get(tag)?.delete(listener);
  };
}

function asApiError(error: unknown): ApiError {
  if (typeof error === 'object' && error !== null && 'status' in error && 'message' in error) {
    return error as ApiError;
  }
  return {
    status: 0,
    code: undefined,
    data: undefined,
    message: error instanceof Error ? error.message : String(error),
  };
}

/**
 * Loads `load` when the component mounts and whenever `key` changes (compared as JSON), or when one of
 * `tags` is invalidated. `key: null` means "not yet" (status stays idle). An answer that arrives after the
 * key changed, or after unmount, is dropped.
 *
 *   const groups = useResource(['groups'], (signal) => call(api.GET('/groups', { signal }), 'Failed to fetch groups'), { tags: ['groups'] });
 */
export function useResource<T>(
  key: readonly unknown[] | null,
  load: (signal: AbortSignal) => Promise<T>,
  options: { tags?: readonly string[] } = {},
): Resource<T> {
  const [state, setState] = useState<{
    status: LoadStatus;
    data: T | undefined;
    error: ApiError | null;
    /** Which key `data` belongs to: data of another key is never shown. */
    dataKey: string | null;
  }>({ status: 'idle', data: undefined, error: null, dataKey: null });
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const keyText = key === null ? null : JSON.stringify(key);
  const tagsText = JSON.stringify(options.tags ?? []);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  useEffect(() => subscribe(JSON.parse(tagsText) as string[], reload), [tagsText, reload]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation and keyText are the triggers
  useEffect(() => {
    if (keyText === null) return;
    const controller = new AbortController();
    setState((s) => ({
      status: 'loading',
      error: null,
      data: s.dataKey === keyText ? s.data : undefined,
      dataKey: s.dataKey === keyText ? s.dataKey : null,
    }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted)
          setState({ status: 'succeeded', data, error: null, dataKey: keyText });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState((s) => ({ ...s, status: 'failed', error: asApiError(error) }));
      },
    );
    return () => controller.abort();
  }, [keyText, generation]);

  const current = state.dataKey === keyText;
  return {
    status: state.status,
    data: current ? state.data : undefined,
    error: state.error,
    refreshing: state.status === 'loading' && current && state.data !== undefined,
    reload,
  };
}
