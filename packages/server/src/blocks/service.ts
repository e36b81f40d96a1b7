import type { components } from '@kitty/api/schema';
import { BLOCKED_BY_PERSON, CANNOT_BLOCK_YOURSELF, peopleWhoMustNotBlock } from '@kitty/domain';
import type { Db } from '../db';
import { isUuid } from '../db/ids';
import { forbidden, invalidField, notFound } from '../http/errors';
import { toUserSummary } from '../users/present';
import type { CurrentUser } from '../users/repo';
import * as repo from './repo';

type BlockedPersonJson = components['schemas']['BlockedPerson'];

function toBlockedPerson(row: repo.BlockRow): BlockedPersonJson {
  return {
    user: toUserSummary({ ...row, id: row.blocked_id }),
    blocked_at: row.blocked_at.toISOString(),
  };
}

export async function listBlocks(db: Db, caller: CurrentUser): Promise<{ people: BlockedPersonJson[] }> {
  return { people: (await repo.findBlocks(db, caller.id)).map(toBlockedPerson) };
}

/** Blocks a person (400 for oneself, 404 for nobody); blocking again answers the first block. */
export async function blockPerson(db: Db, caller: CurrentUser, id: string): Promise<BlockedPersonJson> {
  if (id === caller.id) throw invalidField('id', CANNOT_BLOCK_YOURSELF);
  if (!isUuid(id)) throw notFound();
  const row = await repo.insertBlock(db, caller.id, id);
  if (!row) throw notFound();
  return toBlockedPerson(row);
}

/** Unblocks a person; nothing to unblock is fine too (404 only for what cannot be anyone's id). */
export async function unblockPerson(db: Db, caller: CurrentUser, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await repo.deleteBlock(db, caller.id, id);
}

/**
 * 403 BLOCKED_BY_PERSON when someone named in a personal item (`named`: its payers and participants, or a
 * settlement's two sides) blocked the caller. Call it after every other check of the item, so the refusal
 * tells the caller nothing a 400 would not have told them first.
 */
export async function checkNotBlocked(
  db: Db,
  groupId: string | null,
  named: readonly string[],
  callerId: string,
): Promise<void> {
  const people = peopleWhoMustNotBlock(groupId, named, callerId);
  if (await repo.blockedByAny(db, people, callerId)) throw forbidden('BLOCKED_BY_PERSON', BLOCKED_BY_PERSON);
}
