import { allocate, sumMinor } from '@kitty/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERSONAL_SCOPE } from '../../src/ledger/ledger';
import type { TestContext } from '../support/context';
import {
  addExpense,
  expenseBody,
  expectLedgerMatchesRecompute,
  expectTotalIsTheList,
  groupWith,
  minor,
  ok,
  type Person,
  people,
  postSettlement,
  request,
} from './financial-support';

// biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
type Json = any;

const who = fc.nat(3);
const currency = fc.constantFrom('EUR', 'USD');
const opArb = fc.oneof(
  fc.record({
    kind: fc.constant('expense' as const),
    inGroup: fc.boolean(),
    payer: who,
    shares: fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 4, maxLength: 4 }),
    currency,
    // Others who pay a part besides `payer` (a bit per person), and in what proportion.
    alsoPaid: fc.nat(15),
    payWeights: fc.array(fc.nat(3), { minLength: 4, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(), byLastPayer: fc.boolean() }),
  fc.record({
    kind: fc.constant('edit' as const),
    pick: fc.nat(),
    shares: fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 4, maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant('settle' as const),
    from: who,
    to: who,
    cents: fc.integer({ min: 1, max: 9000 }),
    currency,
  }),
  fc.record({ kind: fc.constant('settleDebt' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('settleExpense' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('decline' as const), pick: fc.nat(), by: who }),
  fc.record({
    kind: fc.constant('personalPayment' as const),
    from: who,
    to: who,
    cents: fc.integer({ min: 1, max: 9000 }),
    currency,
    declined: fc.boolean(),
  }),
);

/**
 * Random histories through the API: expenses in and outside a group, deletes, settlements, settling
 * debts and expenses, declined personal expenses and payments. Afterwards the running balances, pairwise
 * debts and statistics equal a full recomputation, and the group's nets add up to zero in each currency.
 */
export function financialLedgerSuite(ctx: TestContext): void {
  describe('financial: the ledger always equals a recomputation', () => {
    it('after any sequence of expenses, deletes and settlements (property)', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 3, maxLength: 10 }), async (ops) => {
          const crew = (await people(ctx.app, 'Ana', 'Ben', 'Cyd', 'Dan')) as Person[];
          const ids = crew.map((p) => p.user.id);
          const groupId = await groupWith(ctx.app, crew, 'EUR');
          const expenses: {
            id: string;
            /** Who recorded it (one of its payers). */
            payer: Person;
            /** Everyone who pays some of it, with their weights (the recorder first). */
            paying: { person: Person; weight: number }[];
            /** What each paid (minor units), when several did. */
            payers: Record<string, number> | undefined;
            groupId: string | null;
            currency: string;
            shares: Record<string, number>;
            declined: boolean;
          }[] = [];
          // What each pays of `total`, by weight; undefined when only the recorder pays (no `payers` list,
          // also when the total is too small for everyone to pay a part).
          const paymentsOf = (paying: { person: Person; weight: number }[], total: number) => {
            if (paying.length < 2) return undefined;
            const parts = allocate(
              total,
              paying.map((p) => p.weight + 1),
            );
            if (parts.some((part) => part === 0)) return undefined;
            return Object.fromEntries(paying.map((p, i) => [p.person.user.id, parts[i] as number]));
          };
          const payerIds = (e: (typeof expenses)[number]) =>
            e.payers ? Object.keys(e.payers) : [e.payer.user.id];
          // Outside a group the payer takes part, so that they may record it.
          const sharesOf = (weights: number[], payer: Person, inGroup: boolean) => {
            const shares = Object.fromEntries(
              weights.map((m, i) => [ids[i] as string, m] as const).filter(([, m]) => m > 0),
            );
            if (!inGroup && !(payer.user.id in shares)) shares[payer.user.id] = 1;
            return Object.keys(shares).length > 0 ? shares : null;
          };
          for (const op of ops) {
            if (op.kind === 'expense') {
              const payer = crew[op.payer] as Person;
              const shares = sharesOf(op.shares, payer, op.inGroup);
              if (!shares) continue;
              const scope = op.inGroup ? groupId : null;
              const paying = [
                op.payer,
                ...[0, 1, 2, 3].filter((i) => i !== op.payer && op.alsoPaid & (1 << i)),
              ].map((i) => ({ person: crew[i] as Person, weight: op.payWeights[i] as number }));
              const payers = paymentsOf(paying, sumMinor(Object.values(shares)));
              const e = { groupId: scope, currency: op.currency, shares, payers };
              const id = await addExpense(ctx.app, payer, e);
              expenses.push({ id, payer, paying, ...e, declined: false });
            } else if (op.kind === 'edit' && expenses.length > 0) {
              const e = expenses[op.pick % expenses.length] as (typeof expenses)[number];
              const shares = sharesOf(op.shares, e.payer, e.groupId !== null);
              if (!shares) continue;
              const payers = paymentsOf(e.paying, sumMinor(Object.values(shares)));
              const body = expenseBody(e.payer, { groupId: e.groupId, currency: e.currency, shares, payers });
              const response = await request(ctx.app, e.payer, 'PUT', `/api/expenses/${e.id}`, body);
              // Nobody changes a declined expense.
              expect(response.statusCode, response.body).toBe(e.declined ? 409 : 200);
              if (!e.declined) Object.assign(e, { shares, payers });
            } else if (op.kind === 'decline' && expenses.length > 0) {
              const e = expenses[op.pick % expenses.length] as (typeof expenses)[number];
              const by = crew[op.by] as Person;
              const paid = payerIds(e).includes(by.user.id);
              const named = by.user.id in e.shares && by !== e.payer && !paid;
              const response = await request(ctx.app, by, 'POST', `/api/expenses/decline/${e.id}`);
              const sees = by.user.id in e.shares || paid;
              const expected = e.groupId !== null ? 403 : named ? 200 : sees ? 403 : 404;
              expect(response.statusCode, response.body).toBe(expected);
              if (expected === 200) e.declined = true;
            } else if (op.kind === 'personalPayment' && op.from !== op.to) {
              const payment: Json = await ok(
                ctx.app,
                crew[op.from] as Person,
                'createSettlement',
                'POST',
                '/api/financial/settlements',
                {
                  from_user_id: ids[op.from],
                  to_user_id: ids[op.to],
                  amount: op.cents / 100,
                  currency: op.currency,
                  group_id: null,
                },
              );
              if (op.declined) {
                const url = `/api/financial/settlements/decline/${payment.id}`;
                await ok(ctx.app, crew[op.to] as Person, 'declineSettlement', 'POST', url, undefined, 200);
              }
            } else if (op.kind === 'delete' && expenses.length > 0) {
              const [gone] = expenses.splice(op.pick % expenses.length, 1);
              // Any of its payers may delete it.
              const ids$ = payerIds(gone!);
              const by = op.byLastPayer ? crew.find((p) => p.user.id === ids$.at(-1)) : gone!.payer;
              const response = await request(ctx.app, by as Person, 'DELETE', `/api/expenses/${gone!.id}`);
              expect(response.statusCode, response.body).toBe(200);
            } else if (op.kind === 'settle' && op.from !== op.to) {
              const response = await postSettlement(ctx.app, crew[op.from] as Person, {
                from_user_id: ids[op.from],
                to_user_id: ids[op.to],
                amount: op.cents / 100,
                currency: op.currency,
                group_id: groupId,
              });
              expect(response.statusCode, response.body).toBe(201);
            } else if (op.kind === 'settleDebt') {
              const { debts }: Json = await ok(
                ctx.app,
                crew[0] as Person,
                'listMyDebts',
                'GET',
                '/api/financial/debts',
              );
              const debt = debts[op.pick % Math.max(debts.length, 1)];
              if (debt)
                await ok(
                  ctx.app,
                  crew[0] as Person,
                  'settleDebt',
                  'POST',
                  `/api/financial/debts/${debt.id}/settle`,
                );
            } else if (op.kind === 'settleExpense' && expenses.length > 0) {
              const e = expenses[op.pick % expenses.length] as { id: string; payer: Person };
              const response = await request(ctx.app, e.payer, 'POST', `/api/financial/settle/${e.id}`, {
                expense_id: e.id,
              });
              expect([201, 409], response.body).toContain(response.statusCode);
            }
          }
          await expectLedgerMatchesRecompute(ctx.db, groupId);
          await expectLedgerMatchesRecompute(ctx.db, PERSONAL_SCOPE, ids);
          // Everyone's list total (a running count) is what the list holds: live expenses, declined ones too.
          for (const [i, person] of crew.entries()) {
            const mine = expenses.filter(
              (e) => payerIds(e).includes(ids[i] as string) || (ids[i] as string) in e.shares,
            );
            expect(await expectTotalIsTheList(ctx.app, person)).toBe(mine.length);
          }
          const body: Json = await ok(
            ctx.app,
            crew[0] as Person,
            'getGroupBalances',
            'GET',
            `/api/financial/balances/group/${groupId}`,
          );
          const sums = new Map<string, number>();
          for (const m of body.balances) {
            for (const r of m.currency_breakdown)
              sums.set(r.currency, (sums.get(r.currency) ?? 0) + minor(r.net, r.currency));
          }
          for (const total of sums.values()) expect(total).toBe(0);
        }),
        { numRuns: 8 },
      );
    });

    it("a person's list total follows who pays and who shares, through edits, a decline and deletes", async () => {
      const crew = (await people(ctx.app, 'Ana', 'Ben', 'Cyd')) as [Person, Person, Person];
      const [ana, ben, cyd] = crew;
      const [a, b, c] = crew.map((p) => p.user.id) as [string, string, string];
      const groupId = await groupWith(ctx.app, crew, 'EUR');
      const expectTotals = async (totals: number[]) => {
        for (const [i, person] of crew.entries()) {
          expect(await expectTotalIsTheList(ctx.app, person), person.user.display_name).toBe(totals[i]);
        }
        await expectLedgerMatchesRecompute(ctx.db, groupId);
        await expectLedgerMatchesRecompute(ctx.db, PERSONAL_SCOPE, [a, b, c]);
      };
      const edit = async (id: string, payer: Person, e: Parameters<typeof expenseBody>[1], status = 200) => {
        const response = await request(ctx.app, payer, 'PUT', `/api/expenses/${id}`, expenseBody(payer, e));
        expect(response.statusCode, response.body).toBe(status);
      };
      const dinner = await addExpense(ctx.app, ana, { groupId, shares: { [b]: 1000 } });
      await expectTotals([1, 1, 0]);
      // Another payer, and the old one no longer in it.
      await edit(dinner, cyd, { groupId, shares: { [b]: 500, [c]: 500 } });
      await expectTotals([0, 1, 1]);
      // Other participants: Ben leaves, Ana joins.
      await edit(dinner, cyd, { groupId, shares: { [a]: 1000 } });
      await expectTotals([1, 0, 1]);
      // An expense never changes group: refused, and nothing moves.
      await edit(dinner, cyd, { groupId: null, shares: { [a]: 500, [c]: 500 } }, 400);
      await expectTotals([1, 0, 1]);
      const taxi = await addExpense(ctx.app, ana, { groupId: null, shares: { [a]: 500, [b]: 500 } });
      await expectTotals([2, 1, 1]);
      // Declined, it stays in both lists.
      const declined = await request(ctx.app, ben, 'POST', `/api/expenses/decline/${taxi}`);
      expect(declined.statusCode, declined.body).toBe(200);
      await expectTotals([2, 1, 1]);
      const gone = await request(ctx.app, ana, 'DELETE', `/api/expenses/${taxi}`);
      expect(gone.statusCode, gone.body).toBe(200);
      await expectTotals([1, 0, 1]);
      const deleted = await request(ctx.app, cyd, 'DELETE', `/api/expenses/${dinner}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      await expectTotals([0, 0, 0]);
    });

    it('deleting a settled group takes its pairwise debts, statistics and expense counts along', async () => {
      const crew = (await people(ctx.app, 'Ana', 'Ben', 'Cyd')) as [Person, Person, Person];
      const groupId = await groupWith(ctx.app, crew, 'EUR');
      const [a, b, c] = crew.map((p) => p.user.id) as [string, string, string];
      // A circle of debts: every net is zero, every pair still owes.
      await addExpense(ctx.app, crew[0], { groupId, shares: { [b]: 1000 } });
      await addExpense(ctx.app, crew[1], { groupId, shares: { [c]: 1000 } });
      await addExpense(ctx.app, crew[2], { groupId, shares: { [a]: 1000 } });
      const count = async (table: string) =>
        (await ctx.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE scope_id = $1`, [groupId]))
          .rows[0];
      expect(await count('pair_balances')).toEqual({ n: 3 });
      const gone = await request(ctx.app, crew[0], 'DELETE', `/api/groups/${groupId}`);
      expect(gone.statusCode, gone.body).toBe(200);
      expect(await count('pair_balances')).toEqual({ n: 0 });
      expect(await count('scope_expense_stats')).toEqual({ n: 0 });
      expect(await count('member_expense_counts')).toEqual({ n: 0 });
      for (const person of crew) expect(await expectTotalIsTheList(ctx.app, person)).toBe(0);
    });
  });
}
