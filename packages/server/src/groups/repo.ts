import type { Db } from '../db';
import { isUuid } from '../db/ids';
import type { BalanceRow } from '../ledger/ledger';
import type { CurrentUser } from '../users/repo';

/** A groups row as the server uses it. */
export interface GroupRow {
  id: string;
  name: string;
  description: string;
  currency: string;
  created_by: string;
  default_split_type: string;
  default_split_config: unknown;
  version: number;
  created_at: Date;
}

export interface MemberRow extends CurrentUser {
  group_id: string;
}

const GROUP_COLUMNS =
  'g.id, g.name, g.description, g.currency, g.created_by, g.default_split_type, g.default_split_config, g.version, g.created_at';
const USER_COLUMNS =
  'u.id, u.email, u.first_name, u.last_name, u.display_name, u.registered, u.token_version, u.currency, u.default_split, u.created_at';

export interface NewGroupRow {
  name: string;
  description: string;
  currency: string;
  created_by: string;
  default_split_type: string;
  default_split_config: unknown;
}

export async function insertGroup(tx: Db, group: NewGroupRow): Promise<GroupRow> {
  const { rows } = await tx.query<GroupRow>(
    `INSERT INTO groups AS g (name, description, currency, created_by, default_split_type, default_split_config)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb)
     RETURNING ${GROUP_COLUMNS}`,
    [
      group.name,
      group.description,
      group.currency,
      group.created_by,
      group.default_split_type,
      jsonOrNull(group.default_split_config),
    ],
  );
  return rows[0] as GroupRow;
}

/** The group if `userId` is a member of it (null for unknown, invisible or malformed ids). */
export async function findGroupForMember(
  db: Db,
  groupId: string,
  userId: string,
  /** FOR NO KEY UPDATE: one group change at a time, without blocking expense and settlement inserts. */
  lock: '' | 'FOR NO KEY UPDATE' = '',
): Promise<GroupRow | null> {
  if (!isUuid(groupId)) return null;
  const { rows } = await db.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM groups g
      WHERE g.id = $1 AND EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = $2)
      ${lock ? `${lock} OF g` : ''}`,
    [groupId, userId],
  );
  return rows[0] ?? null;
}

/** What a group shows of each member. */
export type MemberPerson = Pick<
  CurrentUser,
  'id' | 'email' | 'first_name' | 'last_name' | 'display_name' | 'registered'
>;

/** What a member sees of a group besides its expenses. */
export interface GroupView {
  group: GroupRow;
  /** In joining order. */
  members: MemberPerson[];
  /** Every ledger row of the group's scope (former members' included), by currency and person. */
  balances: BalanceRow[];
  /** The leftover units the group has handed out so far: where its next expense's start. */
  handedOut: number;
}

/**
 * The group page's head in one statement (members and balances as JSON columns: the driver reads two
 * texts instead of a row per member and per balance): the group if `userId` is a member of it (null:
 * whoever asks), null for unknown, invisible or malformed ids.
 */
export async function findGroupView(
  db: Db,
  groupId: string,
  userId: string | null,
): Promise<GroupView | null> {
  if (!isUuid(groupId)) return null;
  const { rows } = await db.query<GroupRow & Omit<GroupView, 'group'>>(
    `SELECT ${GROUP_COLUMNS}, COALESCE(l.handed_out, 0)::float8 AS "handedOut",
       (SELECT json_agg(json_build_object('id', u.id, 'email', u.email, 'first_name', u.first_name,
                 'last_name', u.last_name, 'display_name', u.display_name, 'registered', u.registered)
                 ORDER BY m.joined_at, m.user_id)
          FROM group_members m
         CROSS JOIN LATERAL (SELECT u.id, u.email, u.first_name, u.last_name, u.display_name, u.registered
                               FROM users u WHERE u.id = m.user_id LIMIT 1) u
         WHERE m.group_id = g.id) AS members,
       (SELECT COALESCE(json_agg(json_build_object('scope_id', b.scope_id, 'user_id', b.user_id,
                 'currency', b.currency, 'paid_minor', b.paid_minor, 'owed_minor', b.owed_minor,
                 'net_minor', b.net_minor) ORDER BY b.currency, b.user_id), '[]')
          FROM member_balances b WHERE b.scope_id = g.id) AS balances
       FROM groups g LEFT JOIN group_leftovers l ON l.group_id = g.id
      WHERE g.id = $1
        AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = $2))`,
    [groupId, userId],
  );
  const row = rows[0];
  if (!row) return null;
  const { members, balances, handedOut, ...group } = row;
  return { group, members, balances, handedOut };
}

/** Every group `userId` belongs to, newest first. */
/**
 * Up to `take` of a person's groups, newest first (created_at, then id), after the group keyed
 * `after` ({ micros: created_at in exact microseconds, id }), each with its own key.
 */
export async function groupsOfUser(
  db: Db,
  userId: string,
  after: { micros: string; id: string } | null,
  take: number,
): Promise<(GroupRow & { micros: string })[]> {
  const { rows } = await db.query<GroupRow & { micros: string }>(
    `SELECT ${GROUP_COLUMNS}, (extract(epoch FROM g.created_at) * 1000000)::bigint::text AS micros
       FROM group_members m JOIN groups g ON g.id = m.group_id
      WHERE m.user_id = $1
        ${after ? `AND (g.created_at, g.id) < ('epoch'::timestamptz + $3::bigint * interval '1 microsecond', $4::uuid)` : ''}
      ORDER BY g.created_at DESC, g.id DESC LIMIT $2`,
    after ? [userId, take, after.micros, after.id] : [userId, take],
  );
  return rows;
}

/** The caller's groups whose name contains `term` (any case), newest first, at most `limit`. */
export async function searchGroupsOfUser(
  db: Db,
  userId: string,
  term: string,
  limit: number,
): Promise<GroupRow[]> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await db.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM group_members m JOIN groups g ON g.id = m.group_id
      WHERE m.user_id = $1 AND g.name ILIKE $2 ESCAPE '\\'
      ORDER BY g.created_at DESC, g.id DESC LIMIT $3`,
    [userId, pattern, limit],
  );
  return rows;
}

/** The members of several groups in one query, each group's in joining order. */
export async function membersOfGroups(db: Db, groupIds: readonly string[]): Promise<MemberRow[]> {
  if (groupIds.length === 0) return [];
  const { rows } = await db.query<MemberRow>(
    // A LIMIT 1 probe per member: the kept plan would otherwise hash the whole users table.
    `SELECT m.group_id, ${USER_COLUMNS} FROM group_members m
       JOIN LATERAL (SELECT * FROM users x WHERE x.id = m.user_id LIMIT 1) u ON true
      WHERE m.group_id = ANY($1::uuid[]) ORDER BY m.group_id, m.joined_at, m.user_id`,
    [groupIds],
  );
  return rows;
}

/**
 * Adds people to a group in the order given (joining order is what lists show). Members already in it
 * are left as they are. Answers how many were added.
 */
export async function addMembers(tx: Db, groupId: string, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const { rowCount } = await tx.query(
    `INSERT INTO group_members (group_id, user_id, joined_at)
     SELECT $1, t.user_id, now() + (t.ord * interval '1 microsecond')
       FROM unnest($2::uuid[]) WITH ORDINALITY AS t(user_id, ord)
     ON CONFLICT (group_id, user_id) DO NOTHING`,
    [groupId, userIds],
  );
  return rowCount;
}

export async function removeMembers(tx: Db, groupId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = ANY($2::uuid[])', [
    groupId,
    userIds,
  ]);
}

export interface SettingsRow {
  currency: string;
  default_split_type: string;
  default_split_config: unknown;
  /** Undefined: unchanged. */
  name?: string;
  /** Undefined: unchanged; '' for none. */
  description?: string;
}

export async function updateSettings(tx: Db, groupId: string, settings: SettingsRow): Promise<GroupRow> {
  const { rows } = await tx.query<GroupRow>(
    `UPDATE groups AS g SET currency = $2, default_split_type = $3, default_split_config = $4::jsonb,
            name = COALESCE($5, name), description = COALESCE($6, description),
            version = version + 1, updated_at = now()
      WHERE id = $1
      RETURNING ${GROUP_COLUMNS}`,
    [
      groupId,
      settings.currency,
      settings.default_split_type,
      jsonOrNull(settings.default_split_config),
      settings.name ?? null,
      settings.description ?? null,
    ],
  );
  return rows[0] as GroupRow;
}

/** Members joining or leaving change what the settings dialog shows: one more version. */
export async function bumpVersion(tx: Db, groupId: string): Promise<void> {
  await tx.query('UPDATE groups SET version = version + 1, updated_at = now() WHERE id = $1', [groupId]);
}

/**
 * Removes a group and everything recorded in it. Only for a group whose balances are all zero (the
 * caller checks, holding lockMoneyOf for every member), so nobody's money changes.
 */
export async function deleteGroupCascade(tx: Db, groupId: string): Promise<void> {
  await tx.query(
    `DELETE FROM settlement_events WHERE settlement_id IN (SELECT id FROM settlements WHERE group_id = $1)`,
    [groupId],
  );
  await tx.query('DELETE FROM settlements WHERE group_id = $1', [groupId]);
  // expense_splits go with their expenses (ON DELETE CASCADE).
  await tx.query('DELETE FROM expenses WHERE group_id = $1', [groupId]);
  await tx.query('DELETE FROM member_balances WHERE scope_id = $1', [groupId]);
  await tx.query('DELETE FROM member_expense_counts WHERE scope_id = $1', [groupId]);
  // group_members go with the group (ON DELETE CASCADE); invitations keep their row, without the group.
  await tx.query('DELETE FROM groups WHERE id = $1', [groupId]);
}

function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
