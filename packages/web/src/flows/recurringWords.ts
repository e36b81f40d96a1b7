import { type ErrorCode, HttpError, isApiError } from '@kitty/api';
import { RECURRENCE_CHANGED_WORDS, RECURRENCE_ENDED_WORDS, RECURRENCE_NOT_MEMBER_WORDS } from '@kitty/domain';

const WORDS: Partial<Record<ErrorCode, string>> = {
  RECURRENCE_ENDED: RECURRENCE_ENDED_WORDS,
  VERSION_CONFLICT: RECURRENCE_CHANGED_WORDS,
  FORBIDDEN_NOT_MEMBER: RECURRENCE_NOT_MEMBER_WORDS,
};

/**
 * A refused change of a recurring expense in the words picked by its code (ended, changed meanwhile, no
 * longer a member); any other failure unchanged. The code, status and body stay, so a screen can still act
 * on them (reload after a VERSION_CONFLICT).
 */
export function recurringFailure(failure: unknown): unknown {
  const words = isApiError(failure) && failure.code ? WORDS[failure.code] : undefined;
  if (!words || !isApiError(failure)) return failure;
  const data = typeof failure.data === 'object' && failure.data !== null ? failure.data : {};
  return new HttpError({ status: failure.status, data: { ...data, message: words }, message: words });
}
