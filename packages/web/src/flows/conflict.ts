import { type ErrorCode, isApiError } from '@kitty/api';

/** The refusals that mean the item is no longer what the screen loaded: someone changed it meanwhile. */
const CHANGED_MEANWHILE: readonly ErrorCode[] = ['VERSION_CONFLICT', 'EXPENSE_DECLINED', 'MEMBER_LEFT_GROUP'];

/**
 * Spec issue 6: a change based on a stale `version` is refused with a clear message (e.g. the expense was
 * changed by someone else meanwhile). True for such a failure, so the screen can load the current version.
 */
export function changedMeanwhile(failure: unknown): boolean {
  return isApiError(failure) && failure.code !== undefined && CHANGED_MEANWHILE.includes(failure.code);
}
