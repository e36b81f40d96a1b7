import { isApiError } from '@kitty/api';

/**
 * Spec issue 6: a change based on a stale `version` is refused with 409 and a clear message (e.g. the
 * expense was changed by someone else meanwhile). For such a failure: the message to show, so the screen
 * can say so and load the current version; null for any other failure.
 */
export function staleVersionMessage(failure: unknown): string | null {
  if (!isApiError(failure) || failure.status !== 409) return null;
  return failure.message;
}
