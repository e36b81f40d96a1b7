import type { components } from '@kitty/api/schema';
import { isGroupEventKind } from '@kitty/domain';
import type { Db } from '../db';
import { isUuid } from '../db/ids';
import { groupOfMember } from '../financial/repo';
import { fieldErrors } from '../financial/settlements';
import type { FieldError } from '../http/errors';
import { notFound } from '../http/errors';
import type { CurrentUser } from '../users/repo';
import { type GroupEventRow, groupEventsPage } from './repo';

type GroupEventJson = components['schemas']['GroupEvent'];
type GroupHistoryPage = components['schemas']['GroupHistoryPage'];

export interface HistoryQuery {
  limit?: number;
  cursor?: string;
  person?: string;
  kind?: string;
}

const DEFAULT_LIMIT = 20;

function toJson(row: GroupEventRow): GroupEventJson {
  return {
    id: row.id,
    kind: row.kind,
    at: new Date(row.at).toISOString(),
    actor: { id: row.actor_id, display_name: row.actor_name },
    user: row.user_id === null ? null : { id: row.user_id, display_name: row.user_name ?? '' },
    expense_id: row.expense_id,
    settlement_id: row.settlement_id,
    details: row.details,
  };
}

/**
 * GET /groups/{id}/history: the group's events newest first, a page at a time, optionally only those of one
 * person (what they did or what happened to them) and of one kind. Members only: anyone else, a former
 * member too, gets the 404 of an unknown group (a former member cannot read the group either).
 */
export async function groupHistory(
  db: Db,
  caller: CurrentUser,
  groupId: string,
  query: HistoryQuery,
): Promise<GroupHistoryPage> {
  const errors: FieldError[] = [];
  const cursor = query.cursor ?? null;
  if (cursor !== null && !/^[1-9][0-9]{0,17}$/.test(cursor))
    errors.push({ field: 'cursor', message: 'cursor is not a cursor this list gave' });
  const person = query.person ?? null;
  const kind = query.kind ?? null;
  if (kind !== null && !isGroupEventKind(kind))
    errors.push({ field: 'kind', message: `Unknown kind ${kind}` });
  if (errors.length > 0) throw fieldErrors(errors);
  if (!(await groupOfMember(db, groupId, caller.id))) throw notFound();
  const limit = query.limit ?? DEFAULT_LIMIT;
  // Someone who is not a user id did nothing here: an empty page, as for anyone else with no event.
  if (person !== null && !isUuid(person)) return { events: [], nextCursor: null };
  const rows = await groupEventsPage(db, {
    groupId,
    limit,
    before: cursor,
    person,
    kind: kind as GroupEventRow['kind'] | null,
  });
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return { events: shown.map(toJson), nextCursor: more ? (shown[shown.length - 1]?.id ?? null) : null };
}
