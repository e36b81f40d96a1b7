import { useSyncExternalStore } from 'react';
import type { QueuedWrite } from './outbox';
import { outbox } from './sync';

/** The signed-in person's queued writes, oldest first; the screen renders again when they change. */
export function useOutbox(): readonly QueuedWrite[] {
  return useSyncExternalStore(outbox.subscribe, outbox.list);
}
