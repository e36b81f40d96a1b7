import type { BlockedPerson, UserSearchResult } from '@kitty/api';
import { call } from '@kitty/api';
import { api } from '../api';
import catalog from '../i18n/catalog/en/account.json';
import { messages } from '../i18n/messages';
import { invalidate, useResource } from './resource';

const t = messages(catalog);

/** The tag of the caller's blocked people: a block or an unblock loads the list again. */
export const BLOCKS_TAG = 'blocks';

/** GET /blocks: the people the caller blocked from naming them in personal items. */
export function useBlockedPeople() {
  return useResource(
    ['blocks'],
    async (signal): Promise<BlockedPerson[]> =>
      (await call(api.GET('/blocks', { signal }), t('blockedLoadFailed'))).people,
    { tags: [BLOCKS_TAG] },
  );
}

/** PUT /blocks/{id} (blocking again changes nothing, so a retry is safe). */
export async function blockPerson(id: string): Promise<void> {
  await call(api.PUT('/blocks/{id}', { params: { path: { id } } }), t('blockFailed'));
  invalidate(BLOCKS_TAG);
}

/** DELETE /blocks/{id}. */
export async function unblockPerson(id: string): Promise<void> {
  await call(api.DELETE('/blocks/{id}', { params: { path: { id } } }), t('unblockFailed'));
  invalidate(BLOCKS_TAG);
}

/** The person with exactly this e-mail address (case and surrounding spaces aside) among search results. */
export function personWithEmail(users: readonly UserSearchResult[], email: string): UserSearchResult | null {
  const wanted = email.trim().toLowerCase();
  return users.find((u) => u.email.toLowerCase() === wanted) ?? null;
}

/**
 * Blocks the person with this e-mail address, found the way anyone is (GET /users/search: a stranger only by
 * their exact, complete address); answers who was blocked, or null when nobody has that address.
 */
export async function blockByEmail(email: string): Promise<UserSearchResult | null> {
  const term = email.trim();
  const { users } = await call(api.GET('/users/search', { params: { query: { term } } }), t('blockFailed'));
  const person = personWithEmail(users, term);
  if (person) await blockPerson(person.id);
  return person;
}
