import { lazy, Suspense } from 'react';
import type { WriteKind } from './outbox';

export interface WaitingToSyncProps {
  /** Which writes: expenses, settlements, comments. */
  kinds: readonly WriteKind[];
  /** Only this group's (the group screen). */
  groupId?: string;
  /** Only this expense's (its comments). */
  expenseId?: string;
}

// The list and the outbox behind it load after the screen: a screen's first visit downloads only this.
const WaitingList = lazy(() => import('./WaitingList').then((m) => ({ default: m.WaitingList })));

/**
 * The writes made offline that have not reached the server yet, where they belong (a group's expenses and
 * payments, the expenses list, an expense's comments), each marked "Waiting to sync". Nothing while none wait.
 */
export function WaitingToSync(props: WaitingToSyncProps) {
  return (
    <Suspense fallback={null}>
      <WaitingList {...props} />
    </Suspense>
  );
}
