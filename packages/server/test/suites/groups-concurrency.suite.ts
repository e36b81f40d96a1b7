import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db';
import { postExpense } from '../../src/ledger/ledger';
import { countedPeople } from '../../src/ledger/counts';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { groupOf, groupState } from '../support/groups';
import { bearer } from '../support/users';

const HAS_BALANCE =
  'This member has an unsettled balance and cannot be removed until all expenses are settled.';

/**
 * Writes an expense shared by `payer` and `other`, paid by both (6.00 and 4.00 of 10.00), the way the
 * expenses area does (member rows FOR SHARE, then the rows and the ledger posting) and holds the
 * transaction open until `release` is called.
 */
function expenseInFlight(db: Db, groupId: string, payer: string, other: string) {
  let release!: () => void;
  let locked!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const ready = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = db.transaction(async (tx) => {
    await tx.query(
      'SELECT user_id FROM group_members WHERE group_id = $1 AND user_id = ANY($2::uuid[]) ORDER BY user_id FOR SHARE',
      [groupId, [payer, other]],
    );
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO expenses (group_id, description, amount_minor, currency, paid_by, split_type, created_by)
       VALUES ($1, 'In flight', 1000, 'EUR', $2, 'equal', $2) RETURNING id`,
      [groupId, payer],
    );
    const id = (rows[0] as { id: string }).id;
    await tx.query(
      'INSERT INTO expense_splits (expense_id, user_id, amount_minor) VALUES ($1, $2, 500), ($1, $3, 500)',
      [id, payer, other],
    );
    await tx.query(
      'INSERT INTO expense_payers (expense_id, user_id, amount_minor) VALUES ($1, $2, 600), ($1, $3, 400)',
      [id, payer, other],
    );
    const payers = { [payer]: 600, [other]: 400 };
    await postExpense(
      tx,
      {
        group_id: groupId,
        paid_by: payer,
        payers,
        currency: 'EUR',
        amount_minor: 1000,
        splits: [
          { user_id: payer, amount_minor: 500 },
          { user_id: other, amount_minor: 500 },
        ],
      },
      1,
      countedPeople({ payers, splits: [{ user_id: payer }, { user_id: other }] }),
    );
    locked();
    await gate;
  });
  return { ready, release, done };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PostgreSQL only: PGlite runs one transaction at a time, so nothing can interleave there. */
export function groupsConcurrencySuite(ctx: TestContext): void {
  if (ctx.engine !== 'postgres') return;

  describe('groups: concurrent writes (PostgreSQL)', () => {
    async function whileExpenseInFlight(
      request: (group: { id: string }, ids: string[], token: string) => Promise<LightMyRequestResponse>,
    ) {
      const { group, owner, ids } = await groupOf(ctx.app, 3);
      const [a, b] = ids as [string, string];
      const writer = expenseInFlight(ctx.db, group.id, a, b);
      await writer.ready;
      const pending = request(group, ids, owner.token);
      await settle(300);
      writer.release();
      await writer.done;
      return { response: await pending, group };
    }

    it('removing a member waits for an expense being written for them, then refuses', async () => {
      const { response } = await whileExpenseInFlight((group, ids, token) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/groups/${group.id}/settings`,
          headers: bearer(token),
          payload: {
            currency: 'USD',
            default_split_type: 'equal',
            members: [ids[0], ids[2]].map((id) => ({ id, email: 'kept@example.com' })),
          },
        }),
      );
      expect(response.statusCode).toBe(409);
      expect(expectContract(response, 'updateGroupSettings')).toEqual({
        code: 'MEMBER_HAS_BALANCE',
        message: HAS_BALANCE,
      });
    });

    it('deleting a group waits for an expense being written in it, then refuses', async () => {
      const { response, group } = await whileExpenseInFlight((g, _ids, token) =>
        ctx.app.inject({ method: 'DELETE', url: `/api/groups/${g.id}`, headers: bearer(token) }),
      );
      expect(response.statusCode).toBe(409);
      expectContract(response, 'deleteGroup');
      expect((await groupState(ctx.db, group.id)).expenses).toHaveLength(1);
    });
  });
}
