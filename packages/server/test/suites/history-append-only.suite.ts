import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../support/context';
import { groupOf } from '../support/groups';
import { bearer } from '../support/users';

const SERVER_SRC = fileURLToPath(new URL('../../src', import.meta.url));
/** A statement that would change or remove history rows (the table's name, however it is quoted). */
const CHANGES_HISTORY = /\b(UPDATE|DELETE\s+FROM)\s+(ONLY\s+)?"?group_events\b/i;

/**
 * A group's history can only grow (migration 0023): the database refuses to change a row or to delete one
 * while its group exists; a deleted group still takes its history along. The server's SQL never asks to.
 */
export function historyAppendOnlySuite(ctx: TestContext): void {
  describe('group history is append-only', () => {
    async function historyOf(groupId: string): Promise<{ id: number; kind: string }[]> {
      const { rows } = await ctx.db.query<{ id: number; kind: string }>(
        'SELECT id, kind FROM group_events WHERE group_id = $1 ORDER BY id',
        [groupId],
      );
      return rows;
    }

    it('UPDATE, DELETE and TRUNCATE of history rows are refused by the database, and the rows stay as they were', async () => {
      const { group } = await groupOf(ctx.app, 2);
      const before = await historyOf(group.id);
      expect(before.map((e) => e.kind)).toContain('group_created');
      const first = before[0]!.id;

      const attempts: [string, unknown[]][] = [
        ["UPDATE group_events SET kind = 'settings_changed' WHERE id = $1", [first]],
        ["UPDATE group_events SET details = '{}'::jsonb WHERE group_id = $1", [group.id]],
        ['DELETE FROM group_events WHERE id = $1', [first]],
        ['DELETE FROM group_events WHERE group_id = $1', [group.id]],
        ['TRUNCATE group_events', []],
      ];
      for (const [sql, params] of attempts)
        await expect(ctx.db.query(sql, params), sql).rejects.toThrow(/group history is append-only/);
      // Inside a transaction too (a savepoint does not help either).
      await expect(
        ctx.db.transaction((tx) => tx.query('DELETE FROM group_events WHERE id = $1', [first])),
      ).rejects.toThrow(/append-only/);
      expect(await historyOf(group.id)).toEqual(before);
    });

    it('deleting a group still takes its history along (the cascade from the group row)', async () => {
      const { group, owner } = await groupOf(ctx.app, 2);
      expect((await historyOf(group.id)).length).toBeGreaterThan(0);
      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/groups/${group.id}`,
        headers: bearer(owner.token),
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await historyOf(group.id)).toEqual([]);
      // Another group's history was not touched.
      const other = await groupOf(ctx.app, 1);
      await ctx.db.query('DELETE FROM groups WHERE id = $1', [other.group.id]);
      expect(await historyOf(other.group.id)).toEqual([]);
    });

    it('no SQL of the server updates or deletes history rows', () => {
      const sources = readdirSync(SERVER_SRC, { recursive: true, encoding: 'utf8' }).filter((f) =>
        f.endsWith('.ts'),
      );
      expect(sources.length).toBeGreaterThan(50);
      // The pattern itself would be caught: it is checked on a statement that does it.
      expect(CHANGES_HISTORY.test('await tx.query(`DELETE FROM group_events WHERE id = $1`)')).toBe(true);
      const changing = sources.filter((f) => CHANGES_HISTORY.test(readFileSync(join(SERVER_SRC, f), 'utf8')));
      expect(changing).toEqual([]);
    });
  });
}
