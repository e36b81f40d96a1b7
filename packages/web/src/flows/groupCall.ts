import {
  call,
  type DataOf,
  type FetchResult,
  isApiError,
  NetworkError,
  NO_RESPONSE_MESSAGE,
} from '@kitty/api';
import { knownWords } from './failureWords';

/** Spec section 8 "Group actions": a group call that got no response defaults to this. */
// i18n-ignore: the English key; shown through knownWords (catalog authErrors)
export const GROUP_NETWORK_ERROR = 'Network Error';

/**
 * A group action's failure as the screens keep it: the server's answer unchanged; a call that got no
 * response says "Network Error" instead of the client's generic "No response from server".
 */
export function groupActionError(error: unknown): unknown {
  if (isApiError(error) && error.status === 0 && error.message === NO_RESPONSE_MESSAGE) {
    return new NetworkError({ message: knownWords(GROUP_NETWORK_ERROR), cause: error.cause });
  }
  return error;
}

/**
 * `call` for the group actions (fetch groups, create group, fetch group details, leave, update):
 * the same normalised error, with the group actions' "Network Error" default when no response arrived.
 *
 *   callGroup(api.GET('/groups', { signal }), 'Failed to fetch groups')
 */
export async function callGroup<R extends FetchResult>(
  request: Promise<R>,
  defaultMessage: string,
): Promise<DataOf<R>> {
  try {
    return await call(request, defaultMessage);
  } catch (error) {
    throw groupActionError(error);
  }
}
