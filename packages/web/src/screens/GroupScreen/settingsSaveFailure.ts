import { isApiError } from '@kitty/api';
import { GROUP_DETAILS_CREATOR_ONLY } from '@kitty/domain';
import { errorWords } from '../../flows/errorWords';
import catalog from '../../i18n/catalog/en/groupSettings.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
const words = domainWords(catalog);

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
  // Spec section 8's catch-all, for a failure that is not a failed call.
  if (!isApiError(failure)) return { lines: [t('unexpected')], reload: false, unexpected: true };
  // FORBIDDEN_NOT_CREATOR here can only be the name or description (the creator changed meanwhile).
  const reason = words(
    failure.code === 'FORBIDDEN_NOT_CREATOR' ? GROUP_DETAILS_CREATOR_ONLY : errorWords(failure),
  );
  if (failure.code === 'VERSION_CONFLICT') return { lines: [reason], reload: true, unexpected: false };
  const saveFailed = t('saveFailed');
  const detail = reason !== saveFailed ? [reason] : [];
  return { lines: [saveFailed, ...detail], reload: false, unexpected: false };
}
