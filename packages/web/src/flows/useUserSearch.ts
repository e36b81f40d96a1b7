import { call, type UserSearchResult } from '@kitty/api';
import { useEffect, useState } from 'react';
import { api } from '../api';

/** How long typing must pause before a search is sent (spec section 9). */
export const USER_SEARCH_DEBOUNCE_MS = 300;

// i18n-ignore: the English key; shown through knownWords (catalog errors)
export const USER_SEARCH_FAILED = 'Error searching for users';
/**
 * A name finds only people the caller already shares a group or an expense with; anyone else is found by
 * their exact e-mail. The empty state says so instead of offering the name as an address.
 */
// i18n-ignore: the English key; shown through knownWords (catalog errors)
export const NO_PEOPLE_FOUND = 'No people found. Search by e-mail to find someone new.';

export interface UserSearch {
  /** The trimmed term these results answer. */
  term: string;
  status: 'idle' | 'searching' | 'done' | 'failed';
  users: UserSearchResult[];
}

const IDLE: UserSearch = { term: '', status: 'idle', users: [] };

/** Connected people first; only when none match, the general search. */
export async function connectedFirst<T>(find: (connected: boolean) => Promise<T[]>): Promise<T[]> {
  const connected = await find(true);
  return connected.length > 0 ? connected : find(false);
}

/**
 * Spec section 4 "User search": debounced by USER_SEARCH_DEBOUNCE_MS (300 ms), blank terms not searched;
 * people connected to the caller first, and only when none match, a general search (the server finds
 * strangers only by their exact e-mail). Until the debounce ends the previous answer stays.
 */
export function useUserSearch(term: string): UserSearch {
  const [search, setSearch] = useState<UserSearch>(IDLE);
  const trimmed = term.trim();

  useEffect(() => {
    if (!trimmed) {
      setSearch(IDLE);
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    const find = async (connected: boolean) => {
      const query = connected ? { term: trimmed, connected: true } : { term: trimmed };
      const data = await call(
        api.GET('/users/search', { params: { query }, signal }),
        // i18n-ignore: the English fallback; shown through knownWords (catalog errors)
        'Failed to search users',
      );
      return data.users;
    };
    const timer = setTimeout(async () => {
      setSearch({ term: trimmed, status: 'searching', users: [] });
      try {
        const users = await connectedFirst(find);
        if (!signal.aborted) setSearch({ term: trimmed, status: 'done', users });
      } catch (error) {
        if (signal.aborted) return;
        console.error('User search failed', error);
        setSearch({ term: trimmed, status: 'failed', users: [] });
      }
    }, USER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);

  return trimmed ? search : IDLE;
}
