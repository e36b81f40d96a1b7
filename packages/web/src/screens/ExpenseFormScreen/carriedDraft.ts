import type { ExpenseDraft } from '@kitty/domain/flows';

/** What "More options" hands the full form in the history entry's state: every field of the draft. */
export interface CarriedDraft {
  expenseDraft: ExpenseDraft;
}

export function carryDraft(draft: ExpenseDraft): CarriedDraft {
  return { expenseDraft: draft };
}

/** The draft carried to the full form for `groupId`, if any (a history state from elsewhere is ignored). */
export function carriedDraft(state: unknown, groupId: string | undefined): ExpenseDraft | null {
  if (typeof state !== 'object' || state === null || !('expenseDraft' in state)) return null;
  const draft = (state as CarriedDraft).expenseDraft;
  if (typeof draft !== 'object' || draft === null || !Array.isArray(draft.participants)) return null;
  return draft.group_id === (groupId ?? null) ? draft : null;
}
