import {
  DECLINE_GROUP_EXPENSE,
  DECLINE_GROUP_SETTLEMENT,
  DECLINE_NOT_NAMED_EXPENSE,
  DECLINE_NOT_NAMED_SETTLEMENT,
  DECLINED_CANNOT_CHANGE,
  DECLINED_CANNOT_SETTLE,
} from '@kitty/domain';
import { describe, expect, it } from 'vitest';
import { PERSONAL_SCOPE } from '../../src/ledger/ledger';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import {
  addExpense,
  expenseBody,
  expectLedgerMatchesRecompute,
  financialState,
  groupWith,
  ok,
  type Person,
  people,
  postSettlement,
  request,
} from './financial-support';

// biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
type Json = any;

/** Consent outside groups: POST /expenses/decline/{id} and POST /financial/settlements/decline/{id}. */
export function declineSuite(ctx: TestContext): void {
  const declineExpense = (as: Person, id: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/expenses/decline/${id}`,
      headers: { authorization: `Bearer ${as.token}`, ...headers },
    });
  const declineSettlement = (as: Person, id: string) =>
    request(ctx.app, as, 'POST', `/api/financial/settlements/decline/${id}`);

  /** Everything a person is shown about money: balances, summary, debts, suggestions. */
  async function moneySeenBy(p: Person) {
    const balance: Json = await ok(ctx.app, p, 'getMyBalance', 'GET', '/api/financial/balance');
    const summary: Json = await ok(ctx.app, p, 'getBalanceSummary', 'GET', '/api/balance/summary');
    const debts: Json = await ok(ctx.app, p, 'listMyDebts', 'GET', '/api/financial/debts');
    const suggestions: Json = await ok(
      ctx.app,
      p,
      'listSettlementSuggestions',
      'GET',
      '/api/financial/settlement-suggestions',
    );
    return {
      balances: balance.balances,
      overall: summary.data.overall.balances,
      total: summary.data.overall.total_balance,
      debts: debts.debts,
      suggestions: suggestions.suggestions,
    };
  }
  const nothing = { balances: [], overall: [], total: 0, debts: [], suggestions: [] };

  describe('decline: a personal expense', () => {
    it('the person named declines it: it counts for nobody, and both sides see who declined it', async () => {
      const [ana, val] = await people(ctx.app, 'Ana', 'Val');
      const id = await addExpense(ctx.app, ana!, {
        groupId: null,
        shares: { [ana!.user.id]: 1000, [val!.user.id]: 4000 },
      });
      expect((await moneySeenBy(val!)).balances).toEqual([{ currency: 'EUR', amount: -40 }]);

      const response = await declineExpense(val!, id);
      expect(response.statusCode, response.body).toBe(200);
      const declined: Json = expectContract(response, 'declineExpense');
      expect(declined.declined).toEqual({
        at: expect.any(String),
        by: { id: val!.user.id, display_name: 'Val' },
      });
      expect(declined.created_by).toEqual({ id: ana!.user.id, display_name: 'Ana' });

      expect(await moneySeenBy(val!)).toEqual(nothing);
      expect(await moneySeenBy(ana!)).toEqual(nothing);
      await expectLedgerMatchesRecompute(ctx.db, PERSONAL_SCOPE, [ana!.user.id, val!.user.id]);

      for (const p of [ana!, val!]) {
        const seen: Json = await ok(ctx.app, p, 'getExpense', 'GET', `/api/expenses/${id}`);
        expect(seen.declined?.by).toEqual({ id: val!.user.id, display_name: 'Val' });
        const list: Json = await ok(ctx.app, p, 'listUserExpenses', 'GET', '/api/expenses/user');
        expect(list.expenses.find((e: Json) => e.id === id)?.declined?.by.display_name).toBe('Val');
      }
    });

    it('declining again is idempotent: nothing moves and the first person stays the one who declined', async () => {
      const [ana, val, cyd] = await people(ctx.app, 'Ana', 'Val', 'Cyd');
      const id = await addExpense(ctx.app, ana!, {
        groupId: null,
        shares: { [ana!.user.id]: 1000, [val!.user.id]: 1000, [cyd!.user.id]: 1000 },
      });
      const first: Json = expectContract(await declineExpense(val!, id), 'declineExpense');
      const state = await financialState(ctx.db);
      for (const p of [val!, cyd!]) {
        const again = await declineExpense(p, id);
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json().declined).toEqual(first.declined);
        expect(again.json().version).toBe(first.version);
      }
      expect(await financialState(ctx.db)).toEqual(state);
      expect(await moneySeenBy(cyd!)).toEqual(nothing);
      await expectLedgerMatchesRecompute(ctx.db, PERSONAL_SCOPE, [ana!.user.id, val!.user.id, cyd!.user.id]);
    });

    it('the creator cannot put a declined debt back: no edit (409), no settling (409); the payer may still delete it', async () => {
      const [ana, val] = await people(ctx.app, 'Ana', 'Val');
      const shares = { [ana!.user.id]: 1000, [val!.user.id]: 4000 };
      const id = await addExpense(ctx.app, ana!, { groupId: null, shares });
      const declined: Json = (await declineExpense(val!, id)).json();

      const edit = await request(ctx.app, ana!, 'PUT', `/api/expenses/${id}`, {
        ...expenseBody(ana!, { groupId: null, shares: { ...shares, [val!.user.id]: 9000 } }),
        version: declined.version,
      });
      expect(edit.statusCode, edit.body).toBe(409);
      expect(edit.json()).toEqual({ code: 'EXPENSE_DECLINED', message: DECLINED_CANNOT_CHANGE });
      const settle = await request(ctx.app, ana!, 'POST', `/api/financial/settle/${id}`, { expense_id: id });
      expect(settle.statusCode, settle.body).toBe(409);
      expect(settle.json()).toEqual({ code: 'EXPENSE_DECLINED', message: DECLINED_CANNOT_SETTLE });
      expect(await moneySeenBy(val!)).toEqual(nothing);

      const byVal = await request(ctx.app, val!, 'DELETE', `/api/expenses/${id}`);
      expect(byVal.statusCode).toBe(403);
      const del = await request(ctx.app, ana!, 'DELETE', `/api/expenses/${id}?version=${declined.version}`);
      expect(del.statusCode, del.body).toBe(200);
      expect((await request(ctx.app, val!, 'GET', `/api/expenses/${id}`)).statusCode).toBe(404);
      expect(await moneySeenBy(ana!)).toEqual(nothing);
      await expectLedgerMatchesRecompute(ctx.db, PERSONAL_SCOPE, [ana!.user.id, val!.user.id]);
    });

    it('only a participant named by someone else may decline: not the creator, not the payer, not a stranger', async () => {
      const [ana, pat, val, eve] = await people(ctx.app, 'Ana', 'Pat', 'Val', 'Eve');
      // Ana records that Pat paid for Ana, Pat and Val.
      const response = await request(ctx.app, ana!, 'POST', '/api/expenses', {
        ...expenseBody(pat!, {
          groupId: null,
          shares: { [ana!.user.id]: 1000, [pat!.user.id]: 1000, [val!.user.id]: 1000 },
        }),
      });
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json().id as string;
      const before = await financialState(ctx.db);

      for (const who of [ana!, pat!]) {
        const refused = await declineExpense(who, id);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json()).toEqual({ code: 'DECLINE_NOT_ALLOWED', message: DECLINE_NOT_NAMED_EXPENSE });
      }
      const stranger = await declineExpense(eve!, id);
      expect(stranger.statusCode).toBe(404);
      expect((await declineExpense(eve!, crypto.randomUUID())).statusCode).toBe(404);
      expect(await financialState(ctx.db)).toEqual(before);

      expect((await declineExpense(val!, id)).statusCode).toBe(200);
      expect(await moneySeenBy(pat!)).toEqual(nothing);
    });

    it('a group expense cannot be declined (membership is the consent): 403 and nothing moves', async () => {
      const [ana, val, eve] = await people(ctx.app, 'Ana', 'Val', 'Eve');
      const groupId = await groupWith(ctx.app, [ana!, val!]);
      const id = await addExpense(ctx.app, ana!, {
        groupId,
        shares: { [ana!.user.id]: 1000, [val!.user.id]: 4000 },
      });
      const before = await financialState(ctx.db);
      const refused = await declineExpense(val!, id);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ code: 'DECLINE_NOT_ALLOWED', message: DECLINE_GROUP_EXPENSE });
      expect((await declineExpense(eve!, id)).statusCode).toBe(404);
      expect(await financialState(ctx.db)).toEqual(before);
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('a declined expense connects nobody: its creator cannot then find the victim by name or record payments with them', async () => {
      const [ana, val] = await people(ctx.app, 'Ana', 'Val');
      const id = await addExpense(ctx.app, ana!, {
        groupId: null,
        shares: { [ana!.user.id]: 1000, [val!.user.id]: 4000 },
      });
      const connected = async () => {
        const url = `/api/users/search?term=${encodeURIComponent(val!.email)}`;
        const found: Json = await ok(ctx.app, ana!, 'searchUsers', 'GET', url);
        return found.users.find((u: Json) => u.id === val!.user.id)?.connected;
      };
      expect(await connected()).toBe(true);
      await declineExpense(val!, id);
      expect(await connected()).toBe(false);
      const payment = await postSettlement(ctx.app, ana!, {
        from_user_id: ana!.user.id,
        to_user_id: val!.user.id,
        amount: 40,
        currency: 'EUR',
        group_id: null,
      });
      expect(payment.statusCode, payment.body).toBe(400);
      expect(await moneySeenBy(val!)).toEqual(nothing);
    });

    it('an Idempotency-Key repeat answers the first decline again', async () => {
      const [ana, val] = await people(ctx.app, 'Ana', 'Val');
      const id = await addExpense(ctx.app, ana!, {
        groupId: null,
        shares: { [ana!.user.id]: 1000, [val!.user.id]: 4000 },
      });
      const key = { 'idempotency-key': crypto.randomUUID() };
      const first = await declineExpense(val!, id, key);
      const again = await declineExpense(val!, id, key);
      expect(first.statusCode).toBe(200);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
    });
  });

  describe('decline: a personal settlement', () => {
    it('the person named declines a payment recorded by someone else: it counts for nobody, the audit trail says who', async () => {
      const [ana, val] = await people(ctx.app, 'Ana', 'Val');
      await addExpense(ctx.app, val!, {
        groupId: null,
        shares: { [ana!.user.id]: 500, [val!.user.id]: 500 },
      });
      // Ana says she paid Val 30: Val would then owe Ana 25.
      const created: Json = await ok(
        ctx.app,
        ana!,
        'createSettlement',
        'POST',
        '/api/financial/settlements',
        {
          from_user_id: ana!.user.id,
          to_user_id: val!.user.id,
          amount: 30,
          currency: 'EUR',
          group_id: null,
        },
      );
      expect(created.declined).toBeNull();
      expect((await moneySeenBy(val!)).balances).toEqual([{ currency: 'EUR', amount: -25 }]);

      const refused = await declineSettlement(ana!, created.id);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ code: 'DECLINE_NOT_ALLOWED', message: DECLINE_NOT_NAMED_SETTLEMENT });

      const response = await declineSettlement(val!, created.id);
      expect(response.statusCode, response.body).toBe(200);
      const declined: Json = expectContract(response, 'declineSettlement');
      const byVal = { id: val!.user.id, display_name: 'Val' };
      expect(declined.declined).toEqual({ at: expect.any(String), by: byVal });
      expect(declined.audit_trail.map((e: Json) => [e.action, e.by])).toEqual([
        ['created', { id: ana!.user.id, display_name: 'Ana' }],
        ['declined', byVal],
      ]);

      // Only Val's share of Val's own expense is left: Ana owes Val 5.
      expect((await moneySeenBy(val!)).balances).toEqual([{ currency: 'EUR', amount: 5 }]);
      expect((await moneySeenBy(ana!)).balances).toEqual([{ currency: 'EUR', amount: -5 }]);
      const debts: Json = await ok(ctx.app, ana!, 'listMyDebts', 'GET', '/api/financial/debts');
      expect(debts.debts.map((d: Json) => [d.from.id, d.to.id, d.amount])).toEqual([
        [ana!.user.id, val!.user.id, 5],
      ]);
      await expectLedgerMatchesRecompute(ctx.db, PERSONAL_SCOPE, [ana!.user.id, val!.user.id]);

      for (const p of [ana!, val!]) {
        const list: Json = await ok(ctx.app, p, 'listSettlements', 'GET', '/api/financial/settlements');
        const shown = list.settlements.find((s: Json) => s.id === created.id);
        expect(shown?.declined?.by).toEqual(byVal);
      }
      const state = await financialState(ctx.db);
      const again = await declineSettlement(val!, created.id);
      expect(again.statusCode).toBe(200);
      expect(again.json().declined).toEqual(declined.declined);
      expect(await financialState(ctx.db)).toEqual(state);
    });

    it('group payments cannot be declined, and strangers get 404', async () => {
      const [ana, val, eve] = await people(ctx.app, 'Ana', 'Val', 'Eve');
      const groupId = await groupWith(ctx.app, [ana!, val!]);
      const inGroup: Json = await ok(
        ctx.app,
        ana!,
        'createSettlement',
        'POST',
        '/api/financial/settlements',
        {
          from_user_id: ana!.user.id,
          to_user_id: val!.user.id,
          amount: 30,
          currency: 'EUR',
          group_id: groupId,
        },
      );
      await addExpense(ctx.app, ana!, {
        groupId: null,
        shares: { [ana!.user.id]: 100, [val!.user.id]: 100 },
      });
      const personal: Json = await ok(
        ctx.app,
        ana!,
        'createSettlement',
        'POST',
        '/api/financial/settlements',
        {
          from_user_id: ana!.user.id,
          to_user_id: val!.user.id,
          amount: 1,
          currency: 'EUR',
          group_id: null,
        },
      );
      const before = await financialState(ctx.db);
      const refused = await declineSettlement(val!, inGroup.id);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ code: 'DECLINE_NOT_ALLOWED', message: DECLINE_GROUP_SETTLEMENT });
      expect((await declineSettlement(eve!, inGroup.id)).statusCode).toBe(404);
      expect((await declineSettlement(eve!, personal.id)).statusCode).toBe(404);
      expect((await declineSettlement(eve!, 'not-an-id')).statusCode).toBe(404);
      expect(await financialState(ctx.db)).toEqual(before);
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });
  });
}
