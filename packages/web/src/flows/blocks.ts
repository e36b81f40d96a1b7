import type { BlockedPerson } from '@kitty/api';
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
