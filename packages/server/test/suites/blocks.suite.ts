import { BLOCKED_BY_PERSON, CANNOT_BLOCK_YOURSELF } from '@kitty/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_PARTICIPANT } from '../../src/expenses/policy';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import {
  addExpense,
  expenseBody,
  groupWith,
  ok,
  type Person,
  people,
  postSettlement,
  request,
} from './financial-support';

// biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
type Json = any;

const REFUSED = { code: 'BLOCKED_BY_PERSON', message: BLOCKED_BY_PERSON };

/**
 * Blocking someone from naming you (README "Who may do what"): GET /blocks, PUT and DELETE /blocks/{id},
 * and the refusal of the blocked person's new personal expenses and settlements.
 */
export function blocksSuite(ctx: TestContext): void {
  const app = (): FastifyInstance => ctx.app;
  const block = async (as: Person, who: Person) =>
    ok(app(), as, 'blockPerson', 'PUT', `/api/blocks/${who.user.id}`);
  const blocksOf = async (as: Person): Promise<Json[]> =>
    (await ok(app(), as, 'listBlockedPeople', 'GET', '/api/blocks')).people;
  const personal = (payer: Person, others: Person[]) =>
    expenseBody(payer, {
      groupId: null,
      shares: Object.fromEntries([payer, ...others].map((p) => [p.user.id, 1000])),
    });
  const payment = (from: Person, to: Person, groupId: string | null = null) => ({
    from_user_id: from.user.id,
    to_user_id: to.user.id,
    amount: 5,
    currency: 'EUR',
    group_id: groupId,
  });
  /** What `p` is shown about money and expenses: a refused request must change none of it. */
  const seenBy = async (p: Person) => ({
    balance: (await ok(app(), p, 'getMyBalance', 'GET', '/api/financial/balance')).balances,
    expenses: (await ok(app(), p, 'listUserExpenses', 'GET', '/api/expenses/user')).total,
    settlements: (await ok(app(), p, 'listSettlements', 'GET', '/api/financial/settlements')).settlements
      .length,
  });

  describe('blocks: blocking someone from naming you in personal items', () => {
    it('a person blocks someone, sees them listed, blocks again with nothing new, and unblocks', async () => {
      const [ana, ben, cyd] = await people(app(), 'Ana', 'Ben', 'Cyd');
      const first: Json = await block(ana!, ben!);
      expect(first).toEqual({
        user: { id: ben!.user.id, display_name: 'Ben', email: ben!.email },
        blocked_at: expect.any(String),
      });
      expect(await block(ana!, ben!)).toEqual(first);
      await block(ana!, cyd!);
      expect((await blocksOf(ana!)).map((b) => b.user.id).sort()).toEqual(
        [ben!.user.id, cyd!.user.id].sort(),
      );
      // Nobody is shown who blocked them.
      expect(await blocksOf(ben!)).toEqual([]);

      for (let i = 0; i < 2; i++) {
        const gone = await request(app(), ana!, 'DELETE', `/api/blocks/${ben!.user.id}`);
        expect(gone.statusCode, gone.body).toBe(204);
      }
      expect((await blocksOf(ana!)).map((b) => b.user.id)).toEqual([cyd!.user.id]);
    });

    it('blocking oneself is a 400, an unknown person a 404, unblocking nobody changes nothing and a non-id is a 404', async () => {
      const [ana] = await people(app(), 'Ana');
      const self = await request(app(), ana!, 'PUT', `/api/blocks/${ana!.user.id}`);
      expect(self.statusCode).toBe(400);
      expect(self.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: CANNOT_BLOCK_YOURSELF,
        errors: [{ field: 'id', message: CANNOT_BLOCK_YOURSELF }],
      });
      for (const id of [crypto.randomUUID(), 'not-an-id']) {
        const unknown = await request(app(), ana!, 'PUT', `/api/blocks/${id}`);
        expect(unknown.statusCode).toBe(404);
        expectContract(unknown, 'blockPerson');
        // Unblocking someone unknown changes nothing (204); what cannot be anyone's id is a 404.
        const unblocked = await request(app(), ana!, 'DELETE', `/api/blocks/${id}`);
        expect(unblocked.statusCode).toBe(id === 'not-an-id' ? 404 : 204);
        if (id === 'not-an-id') expectContract(unblocked, 'unblockPerson');
      }
      expect(await blocksOf(ana!)).toEqual([]);
    });

    it("refuses the blocked person's new personal expenses and payments naming the blocker, writing nothing", async () => {
      const [ana, ben, cyd] = await people(app(), 'Ana', 'Ben', 'Cyd');
      // Ana and Ben share a group, so a personal payment between them would be allowed.
      await groupWith(app(), [ana!, ben!]);
      await block(ana!, ben!);
      const before = { ana: await seenBy(ana!), ben: await seenBy(ben!) };

      for (const body of [
        personal(ben!, [ana!]),
        personal(ben!, [cyd!, ana!]),
        expenseBody(ana!, {
          groupId: null,
          shares: { [ben!.user.id]: 500 },
        }),
      ]) {
        // Ben records it, whoever paid: Ben paying for Ana, or Ben saying Ana paid for him.
        const refused = await request(app(), ben!, 'POST', '/api/expenses', body);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json()).toEqual(REFUSED);
      }
      for (const body of [payment(ben!, ana!), payment(ana!, ben!)]) {
        const refused = await postSettlement(app(), ben!, body);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json()).toEqual(REFUSED);
      }
      expect({ ana: await seenBy(ana!), ben: await seenBy(ben!) }).toEqual(before);

      // Cyd is not blocked; and Ana herself may still name Ben.
      await addExpense(app(), cyd!, { groupId: null, shares: { [cyd!.user.id]: 100, [ana!.user.id]: 100 } });
      await addExpense(app(), ana!, { groupId: null, shares: { [ana!.user.id]: 100, [ben!.user.id]: 100 } });
      expect((await postSettlement(app(), ana!, payment(ana!, ben!))).statusCode).toBe(201);
    });

    it('the refusal comes after every 400, so it tells no more than they did', async () => {
      const [ana, ben, cyd] = await people(app(), 'Ana', 'Ben', 'Cyd');
      await block(ana!, ben!);
      // An unknown person named too: the 400 on participants, as without any block.
      const stranger = crypto.randomUUID();
      const unknown = expenseBody(ben!, {
        groupId: null,
        shares: { [ben!.user.id]: 100, [ana!.user.id]: 100, [stranger]: 100 },
      });
      const first = await request(app(), ben!, 'POST', '/api/expenses', unknown);
      expect(first.statusCode, first.body).toBe(400);
      expect(first.json().errors).toEqual([{ field: 'participants', message: UNKNOWN_PARTICIPANT }]);
      // Ben not in it at all: the 400 on participants.
      const notHis = expenseBody(cyd!, {
        groupId: null,
        shares: { [ana!.user.id]: 100, [cyd!.user.id]: 100 },
      });
      const second = await request(app(), ben!, 'POST', '/api/expenses', notHis);
      expect(second.statusCode, second.body).toBe(400);
      // Ben and Ana share nothing: a payment answers the 400 anyone unconnected gets.
      const third = await postSettlement(app(), ben!, payment(ben!, ana!));
      expect(third.statusCode, third.body).toBe(400);
    });

    it('what existed stays: the blocker may still decline it, the blocked may delete but not change it', async () => {
      const [ana, ben, cyd] = await people(app(), 'Ana', 'Ben', 'Cyd');
      const kept = await addExpense(app(), ben!, {
        groupId: null,
        shares: { [ben!.user.id]: 1000, [ana!.user.id]: 1000 },
      });
      const toDelete = await addExpense(app(), ben!, {
        groupId: null,
        shares: { [ben!.user.id]: 1000, [ana!.user.id]: 1000 },
      });
      const withCyd = await addExpense(app(), ben!, {
        groupId: null,
        shares: { [ben!.user.id]: 1000, [cyd!.user.id]: 1000 },
      });
      await block(ana!, ben!);

      const shown: Json = await ok(app(), ana!, 'getExpense', 'GET', `/api/expenses/${kept}`);
      expect(shown.declined).toBeNull();
      expect((await ok(app(), ana!, 'getMyBalance', 'GET', '/api/financial/balance')).balances).toEqual([
        { currency: 'EUR', amount: -20 },
      ]);

      // An edit would put something new on Ana: refused, and so is adding her to another expense.
      const edit = await request(app(), ben!, 'PUT', `/api/expenses/${kept}`, {
        ...personal(ben!, [ana!]),
        description: 'Changed',
      });
      expect(edit.statusCode, edit.body).toBe(403);
      expect(edit.json()).toEqual(REFUSED);
      const addAna = await request(
        app(),
        ben!,
        'PUT',
        `/api/expenses/${withCyd}`,
        personal(ben!, [cyd!, ana!]),
      );
      expect(addAna.statusCode, addAna.body).toBe(403);
      // Without Ana it changes as before.
      const fine = await request(app(), ben!, 'PUT', `/api/expenses/${withCyd}`, {
        ...personal(ben!, [cyd!]),
        description: 'Changed',
      });
      expect(fine.statusCode, fine.body).toBe(200);

      const declined = await request(app(), ana!, 'POST', `/api/expenses/decline/${kept}`);
      expect(declined.statusCode, declined.body).toBe(200);
      expect((await request(app(), ben!, 'DELETE', `/api/expenses/${toDelete}`)).statusCode).toBe(200);
      expect((await ok(app(), ana!, 'getMyBalance', 'GET', '/api/financial/balance')).balances).toEqual([]);
    });

    it('settling a personal expense or debt records settlements naming the blocker: refused too', async () => {
      const [ana, ben] = await people(app(), 'Ana', 'Ben');
      const id = await addExpense(app(), ana!, {
        groupId: null,
        shares: { [ana!.user.id]: 1000, [ben!.user.id]: 1000 },
      });
      await block(ana!, ben!);
      const debts: Json[] = (await ok(app(), ben!, 'listMyDebts', 'GET', '/api/financial/debts')).debts;
      expect(debts).toHaveLength(1);
      const before = await seenBy(ben!);

      const settle = await request(app(), ben!, 'POST', `/api/financial/settle/${id}`, { expense_id: id });
      expect(settle.statusCode, settle.body).toBe(403);
      expect(settle.json()).toEqual(REFUSED);
      const debt = await request(app(), ben!, 'POST', `/api/financial/debts/${debts[0].id}/settle`);
      expect(debt.statusCode, debt.body).toBe(403);
      expect(debt.json()).toEqual(REFUSED);
      expect(await seenBy(ben!)).toEqual(before);

      // Ana herself still settles it.
      const hers = await request(app(), ana!, 'POST', `/api/financial/debts/${debts[0].id}/settle`);
      expect(hers.statusCode, hers.body).toBe(201);
    });

    it('groups are not affected: membership is the consent', async () => {
      const [ana, ben] = await people(app(), 'Ana', 'Ben');
      const groupId = await groupWith(app(), [ana!, ben!]);
      await block(ana!, ben!);
      await addExpense(app(), ben!, { groupId, shares: { [ben!.user.id]: 1000, [ana!.user.id]: 1000 } });
      const paid = await postSettlement(app(), ben!, payment(ana!, ben!, groupId));
      expect(paid.statusCode, paid.body).toBe(201);
    });

    it('after an unblock the person may name the blocker again', async () => {
      const [ana, ben] = await people(app(), 'Ana', 'Ben');
      await block(ana!, ben!);
      expect((await request(app(), ben!, 'POST', '/api/expenses', personal(ben!, [ana!]))).statusCode).toBe(
        403,
      );
      await request(app(), ana!, 'DELETE', `/api/blocks/${ben!.user.id}`);
      await addExpense(app(), ben!, { groupId: null, shares: { [ben!.user.id]: 100, [ana!.user.id]: 100 } });
    });
  });
}
