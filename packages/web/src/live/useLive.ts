import { useSyncExternalStore } from 'react';
import { ChangeMarks } from './changes';
import './live.css';

// What the rows read to mark a live change; small and loaded with them. The stream itself (LiveUpdates.tsx)
// loads after the screen, as its own chunk.
export const marks = new ChangeMarks();

/** `data-live-changed` for an element showing this expense (settlement, member) while it is marked. */
export function useLiveChanged(id: string | null | undefined): { 'data-live-changed'?: '' } {
  useSyncExternalStore(marks.subscribe, marks.snapshot);
  return id && marks.isMarked(id) ? { 'data-live-changed': '' } : {};
}

/** `data-live-changed` for a comment that a recent live change of its expense added. */
export function useLiveNewComment(expenseId: string, createdAt: string): { 'data-live-changed'?: '' } {
  useSyncExternalStore(marks.subscribe, marks.snapshot);
  return marks.isNewComment(expenseId, createdAt) ? { 'data-live-changed': '' } : {};
}
