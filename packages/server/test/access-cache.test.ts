import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, type AccessQuestion, createAccessCheck } from '../src/auth/access';
import { AccessCache } from '../src/auth/access-cache';
import { CHANGES_APPLICATION, RECONNECT_MS } from '../src/db/changes';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { createTestDatabase, type TestDatabase } from './support/databases';

// The access check's cache on a real PostgreSQL (PGlite has no other process to hear): what it gives
// again, and how soon a change made here, by another process or by hand is heard.

const PERSONAL = '00000000-0000-0000-0000-000000000000';

async function until(done: () => Promise<boolean>, withinMs: number): Promise<number> {
  const start = performance.now();
  while (!(await done())) {
    if (performance.now() - start > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return performance.now() - start;
}

describe('access cache (PostgreSQL): answers given again only until the database announces a change', () => {
  let database: TestDatabase;
  /** Another server process on the same database. */
  let other: Db;
  let cache: AccessCache;
  let check: (question: AccessQuestion) => Promise<Access>;
  let questionsAsked = 0;
  let ana: string;
  let ben: string;
  let trip: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    other = openPostgres(database.url);
    const { db } = database;
    const counted: Db = {
      ...db,
      query: (sql, params) => {
        questionsAsked++;
        return db.query(sql, params);
      },
    };
    cache = new AccessCache();
    db.subscribe?.(cache);
    check = createAccessCheck(counted, cache);
    const person = async (email: string) =>
      (
        await db.query<{ id: string }>(
          `INSERT INTO users (email, first_name, registered, password_hash) VALUES ($1, 'P', true, 'x') RETURNING id`,
          [email],
        )
      ).rows[0]?.id as string;
    ana = await person('ana@example.com');
    ben = await person('ben@example.com');
    trip = (
      await db.query<{ id: string }>(
        `INSERT INTO groups (name, created_by) VALUES ('Trip', $1) RETURNING id`,
        [ana],
      )
    ).rows[0]?.id as string;
    await db.query('INSERT INTO group_members (group_id, user_id) VALUES ($1, $2), ($1, $3)', [
      trip,
      ana,
      ben,
    ]);
    await until(async () => cache.stamp({ userId: ana }) !== null, 5_000);
    // The feed's own connection hears these writes a moment after the pooled ones did.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  afterAll(async () => {
    await other?.close();
    await database?.drop();
  });

  /** Asks twice; answers how many of the two went to the database. */
  async function askTwice(question: AccessQuestion): Promise<{ access: Access; asked: number }> {
    const before = questionsAsked;
    const first = await check(question);
    const second = await check(question);
    expect(second).toEqual(first);
    return { access: second, asked: questionsAsked - before };
  }

  it('the same question again is answered without the database while nothing changed', async () => {
    const group = await askTwice({ userId: ana, groupId: trip });
    expect(group.access.version).not.toBeNull();
    expect(group.asked).toBe(1);
    expect((await askTwice({ userId: ben, person: true })).asked).toBe(1);
    expect((await askTwice({ userId: ben })).asked).toBe(1);
    const before = questionsAsked;
    await check({ userId: ana, groupId: trip });
    expect(questionsAsked).toBe(before);
  });

  it("this process's own write is heard before it returns: the very next question sees it", async () => {
    const token = (await check({ userId: ana })).user?.token_version as number;
    await database.db.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [ana]);
    expect((await check({ userId: ana })).user?.token_version).toBe(token + 1);

    const version = (await check({ userId: ben, groupId: trip })).version;
    expect(version).not.toBeNull();
    await database.db.transaction((tx) =>
      tx.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = $2', [trip, ben]),
    );
    expect((await check({ userId: ben, groupId: trip })).version).toBeNull();
    await database.db.query('INSERT INTO group_members (group_id, user_id) VALUES ($1, $2)', [trip, ben]);
    const back = (await check({ userId: ben, groupId: trip })).version;
    expect(back).not.toBeNull();
    expect(back).not.toBe(version);

    // A balance outside any group adds PERSONAL to the scopes of the summary.
    const summary = (await check({ userId: ben, person: true })).version as string;
    expect(summary).not.toContain(PERSONAL);
    await database.db.query(
      `INSERT INTO member_balances (scope_id, user_id, currency, paid_minor) VALUES ($1, $2, 'EUR', 100)`,
      [PERSONAL, ben],
    );
    expect((await check({ userId: ben, person: true })).version).toContain(PERSONAL);
  });

  it("another process's write is heard within moments, and the old answer never comes back", async () => {
    const token = (await check({ userId: ben })).user?.token_version as number;
    await other.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [ben]);
    const ms = await until(
      async () => (await check({ userId: ben })).user?.token_version === token + 1,
      1_000,
    );
    expect(ms).toBeLessThan(1_000);
    for (let i = 0; i < 20; i++) expect((await check({ userId: ben })).user?.token_version).toBe(token + 1);

    await check({ userId: ana, groupId: trip });
    await other.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = $2', [trip, ana]);
    await until(async () => (await check({ userId: ana, groupId: trip })).version === null, 1_000);
    expect((await check({ userId: ana, groupId: trip })).version).toBeNull();
  });

  it('while its listening connection is gone nothing is given again, and it listens again by itself', async () => {
    await check({ userId: ben, groupId: trip });
    const killed = await other.query<{ ok: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [CHANGES_APPLICATION],
    );
    expect(killed.rows).toEqual([{ ok: true }]);
    await until(async () => cache.stamp({ userId: ben }) === null, 1_000);
    expect((await askTwice({ userId: ben, groupId: trip })).asked).toBe(2);

    await until(async () => cache.stamp({ userId: ben }) !== null, RECONNECT_MS + 5_000);
    const listening = await other.query(
      'SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [CHANGES_APPLICATION],
    );
    expect(listening.rows).toHaveLength(1);
    expect((await askTwice({ userId: ben, groupId: trip })).asked).toBe(1);
  });

  it('a change made by hand in SQL, outside any server, is heard too', async () => {
    const before = (await check({ userId: ben, groupId: trip })).version;
    const { rows } = await other.query<{ version: string }>(
      'UPDATE scope_versions SET version = gen_random_uuid() WHERE scope_id = $1 RETURNING version::text',
      [trip],
    );
    const drawn = rows[0]?.version as string;
    expect(before).not.toContain(drawn);
    await until(
      async () => (await check({ userId: ben, groupId: trip })).version?.endsWith(drawn) ?? false,
      1_000,
    );
  });
});
