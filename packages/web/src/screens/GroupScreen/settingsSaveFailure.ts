import { isApiError } from '@kitty/api';
import { GROUP_DETAILS_CREATOR_ONLY } from '@kitty/domain';
import { errorWords } from '../../flows/errorWords';

export const SETTINGS_SAVE_FAILED = 'Failed to save group settings. Please try again.';
/** Spec section 8's catch-all, for a failure that is not a failed call. */
export const UNEXPECTED_ERROR_TRY_AGAIN = 'An unexpected error occurred. Please try again.';

export interface SettingsSaveFailure {
  /** The lines of the error notice. */
  lines: string[];
  /** The group changed meanwhile: load it again so the form restarts from the current settings. */
  reload: boolean;
  /** Not a failed call (a bug or a broken value): worth logging. */
  unexpected: boolean;
}

/**
 * What a failed save of the group settings shows: a stale version (VERSION_CONFLICT) says so and reloads
 * the group; another failed call shows "Failed to save group settings. Please try again." with the reason
 * (the member rules, MEMBER_HAS_BALANCE and CREATOR_CANNOT_BE_REMOVED, among them); anything else (not a
 * call's error) is unexpected.
 */
export function settingsSaveFailure(failure: unknown): SettingsSaveFailure {
  if (!isApiError(failure)) return { lines: [UNEXPECTED_ERROR_TRY_AGAIN], reload: false, unexpected: true };
  // FORBIDDEN_NOT_CREATOR here can only be the name or description (the creator changed meanwhile).
  const reason = failure.code === 'FORBIDDEN_NOT_CREATOR' ? GROUP_DETAILS_CREATOR_ONLY : errorWords(failure);
  if (failure.code === 'VERSION_CONFLICT') return { lines: [reason], reload: true, unexpected: false };
  const detail = reason !== SETTINGS_SAVE_FAILED ? [reason] : [];
  return { lines: [SETTINGS_SAVE_FAILED, ...detail], reload: false, unexpected: false };
}
