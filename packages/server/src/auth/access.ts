import { batcher } from '../db/batcher';
import { isUuid } from '../db/ids';
import type { Db } from '../db/types';
import type { AccessCache } from './access-cache';
import { type CurrentUser, USER_COLUMNS } from '../users/repo';

/** The scope of what every answer may show whatever the group: people's names, the instance's settings. */
export const EVERYONE_SCOPE = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/** What a request asks for besides the token check. */
export interface AccessQuestion {
  userId: string;
  /** A group the answer shows: is the user a member, and at which version is it? */
  groupId?: string | null;
  /** An answer about the user across every group and outside groups (their balance summary). */
  person?: boolean;
}

export interface Access {
  /** The user the token names, as the database holds them now; null when there is no such user. */
  user: CurrentUser | null;
  /**
   * The versions (migration 0007) of everything the answer may show, as one string: for a group, only
   * when the user is a member of it; for a person, every scope they belong to or hold a balance in. Null
   * when there is nothing to version (no group or person asked about, not a member, an unknown group).
   */
  version: string | null;
}

interface AccessAnswer {
  i: number;
  user: Omit<CurrentUser, 'created_at'> & { created_at: string };
  group_version: string | null;
  person_versions: string | null;
}

// One answer per question that names an existing user, all in one row of one JSON text: the driver then
// reads one field instead of a dozen per question (on a cached read, decoding rows was a tenth of the
// server's CPU). Each lookup is a LIMIT 1 subquery, so that the plan PostgreSQL keeps for this prepared
// statement probes the indexes a few times per question instead of hashing whole tables (which it
// prefers for small tables, and which costs more than the probes).
const ACCESS_SQL = `
SELECT (SELECT v.version::text FROM scope_versions v WHERE v.scope_id = $4::uuid LIMIT 1) AS everyone,
  COALESCE((SELECT json_agg(json_build_object(
    'i', q.i,
    'user', to_json(u),
    'group_version', CASE WHEN q.group_id IS NOT NULL
      AND (SELECT true FROM group_members m WHERE m.group_id = q.group_id AND m.user_id = q.user_id LIMIT 1)
      THEN (SELECT v.version::text FROM scope_versions v WHERE v.scope_id = q.group_id LIMIT 1) END,
    'person_versions', CASE WHEN q.person THEN (
      SELECT COALESCE(string_agg(v.scope_id::text || '=' || v.version::text, ',' ORDER BY v.scope_id), '')
        FROM scope_versions v
       WHERE v.scope_id IN (SELECT m.group_id FROM group_members m WHERE m.user_id = q.user_id
                            UNION SELECT b.scope_id FROM member_balances b WHERE b.user_id = q.user_id)
    ) END))
  FROM unnest($1::uuid[], $2::uuid[], $3::boolean[]) WITH ORDINALITY AS q(user_id, group_id, person, i)
  CROSS JOIN LATERAL (SELECT ${USER_COLUMNS.map((c) => `u.${c}`).join(', ')} FROM users u
                       WHERE u.id = q.user_id LIMIT 1) AS u)::text, '[]') AS answers`;

/**
 * The check every authenticated request makes before anything else: the user behind the token as the
 * database holds them now (registered? token_version?), and for the reads that remember their answers
 * (src/views), membership and the versions of what the answer shows. The questions of every request that
 * arrived in the same turn of the event loop go to PostgreSQL as one statement: under load that is one
 * round trip for many requests instead of one each (src/db/batcher.ts). With a `cache` (PostgreSQL), an
 * answer is given again without asking while the database has announced no change to what it was read
 * from (src/auth/access-cache.ts).
 */
export function createAccessCheck(
  db: Db,
  cache: AccessCache | null = null,
): (question: AccessQuestion) => Promise<Access> {
  const ask = batcher<AccessQuestion, Access>(async (questions) => {
    const { rows } = await db.query<{ everyone: string | null; answers: string }>(ACCESS_SQL, [
      questions.map((q) => q.userId),
      questions.map((q) => q.groupId ?? null),
      questions.map((q) => q.person === true),
      EVERYONE_SCOPE,
    ]);
    const { everyone, answers: found } = rows[0] as { everyone: string | null; answers: string };
    const answers: Access[] = questions.map(() => ({ user: null, version: null }));
    for (const { i, user, group_version, person_versions } of JSON.parse(found) as AccessAnswer[]) {
      const question = questions[i - 1] as AccessQuestion;
      const scoped = question.person ? person_versions : question.groupId ? group_version : null;
      answers[i - 1] = {
        user: { ...user, created_at: new Date(user.created_at) },
        version: everyone !== null && scoped !== null ? `${everyone}/${scoped}` : null,
      };
    }
    return answers;
  });
  return (question) => {
    // A malformed id cannot name a user or a group (and would fail the whole statement's uuid cast).
    if (!isUuid(question.userId)) return Promise.resolve({ user: null, version: null });
    const groupId = question.groupId && isUuid(question.groupId) ? question.groupId : null;
    const asked = { ...question, groupId };
    if (cache === null) return ask(asked);
    const kept = cache.get(asked);
    if (kept !== undefined) return Promise.resolve(kept);
    const stamp = cache.stamp(asked);
    return ask(asked).then((access) => {
      cache.put(asked, stamp, access);
      return access;
    });
  };
}
