// `use-sync-external-store/shim` for React 19, which has useSyncExternalStore itself: @xstate/react's
// useSelector imports the shim (through use-sync-external-store/shim/with-selector), whose fallback for
// React 17 would otherwise ship in the entry (vite.config.ts, resolve.alias).
export { useSyncExternalStore } from 'react';
