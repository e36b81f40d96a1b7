import { byCodeUnit, expenseDebts } from '@kitty/domain';
import { describe, expect, it } from 'vitest';
import { PERSONAL_SCOPE } from '../../src/ledger/ledger';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { moneyState } from '../support/expenses';
import { bearer, registerUser } from '../support/users';
import {
  expectLedgerMatchesRecompute,
  expectTotalIsTheList,
  groupWith,
  netsByName,
  ok,
  type Person,
  people,
  request,
} from './financial-support';

// biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
type Json = any;

/** Who paid and how much (decimal), in the order the request lists them. */
type Payers = [Person, number][];

interface Paid {
  /** Who shares, equally. */
  shares: Person[];
  amount: number;
  groupId: string | null;
  currency?: string;
  /** `paid_by`: by default who paid the most (ties: the smallest id), as the contract asks. */
  paidBy?: Person;
}

/** A create or edit body of an expense `payers` paid, split equally. */
function paidBody(e: Paid, ...payers: Payers) {
  const principal = [...payers].sort(([p, x], [q, y]) => y - x || byCodeUnit(p.user.id, q.user.id))[0]![0];
  const paidBy = (e.paidBy ?? principal).user.id;
  const participants = e.shares.map((p) => p.user.id);
  return {
    description: 'Shared dinner',
    amount: e.amount,
    currency: e.currency ?? 'EUR',
    category: 'dining',
    group_id: e.groupId,
    split_type: 'equal',
    paid_by: paidBy,
    payers: payers.map(([p, amount]) => ({ user_id: p.user.id, amount })),
    participants,
    split_with: participants.filter((id) => id !== paidBy),
    split_details: {},
  };
}

const who = (p: Person) => ({ user_id: p.user.id, display_name: p.user.display_name, email: p.email });

export function expensesPayersSuite(ctx: TestContext): void {
  const post = (as: Person, body: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { ...bearer(as.token), ...headers },
      payload: body,
    });

  /** Records an expense as `as`; answers its contract-checked JSON. */
  const create = (as: Person, body: object): Promise<Json> =>
    ok(ctx.app, as, 'createExpense', 'POST', '/api/expenses', body);
  const nets = (as: Person, groupId: string) => netsByName(ctx.app, as, groupId);

  describe('expenses: several people pay one expense', () => {
    it('answers the payers most first; balances, pairwise debts and suggestions follow what each paid minus their share', async () => {
      const crew = (await people(ctx.app, 'Ana', 'Ben', 'Cyd', 'Dan')) as [Person, Person, Person, Person];
      const [ana, ben, cyd] = crew;
      const groupId = await groupWith(ctx.app, crew);
      // 90.00 shared by Ana, Ben and Cyd (30.00 each); Ana paid 50.00 and Ben 40.00. Ben records it.
      const response = await post(
        ben,
        paidBody({ shares: [ana, ben, cyd], amount: 90, groupId }, [ben, 40], [ana, 50]),
      );
      expect(response.statusCode, response.body).toBe(201);
      const expense: Json = expectContract(response, 'createExpense');
      expect(expense.paid_by).toBe(ana.user.id);
      expect(expense.payer).toMatchObject({ id: ana.user.id, display_name: 'Ana' });
      expect(expense.payers).toEqual([
        { ...who(ana), amount: 50 },
        { ...who(ben), amount: 40 },
      ]);
      expect(expense.ExpenseSplits.map((s: Json) => s.amount)).toEqual([30, 30, 30]);
      // Everyone who can see it sees the same payers.
      const seen: Json = await ok(ctx.app, cyd, 'getExpense', 'GET', `/api/expenses/${expense.id}`);
      expect(seen.payers).toEqual(expense.payers);

      expect(await nets(cyd, groupId)).toEqual({ Ana: 20, Ben: 10, Cyd: -30, Dan: 0 });
      const balances: Json = await ok(
        ctx.app,
        ana,
        'getGroupBalances',
        'GET',
        `/api/financial/balances/group/${groupId}`,
      );
      const ben$ = balances.balances.find((m: Json) => m.user.id === ben.user.id);
      expect(ben$.currency_breakdown).toEqual([{ currency: 'EUR', paid: 40, owed: 30, net: 10 }]);
      expect(balances.group_stats).toEqual([{ currency: 'EUR', total_flow: 90, expense_count: 1 }]);

      // Cyd owes each payer what that payer paid beyond their own share.
      const debts: Json = await ok(
        ctx.app,
        cyd,
        'listGroupDebts',
        'GET',
        `/api/financial/group/${groupId}/debts`,
      );
      const debtRows = debts.debts.map((d: Json) => [d.from.display_name, d.to.display_name, d.amount]);
      expect(debtRows.sort()).toEqual([
        ['Cyd', 'Ana', 20],
        ['Cyd', 'Ben', 10],
      ]);
      const url = `/api/financial/settlement-suggestions/group/${groupId}`;
      const suggestions: Json = await ok(ctx.app, ana, 'listGroupSettlementSuggestions', 'GET', url);
      expect(
        suggestions.suggestions.map((s: Json) => [s.payer.display_name, s.receiver.display_name, s.amount]),
      ).toEqual([
        ['Cyd', 'Ana', 20],
        ['Cyd', 'Ben', 10],
      ]);
      await expectLedgerMatchesRecompute(ctx.db, groupId);

      // Settling the expense records exactly those debts, and everyone is even again.
      const settled: Json = await ok(
        ctx.app,
        ben,
        'settleExpense',
        'POST',
        `/api/financial/settle/${expense.id}`,
        {
          expense_id: expense.id,
        },
      );
      expect(settled.settlements.map((s: Json) => [s.from_user_id, s.to_user_id, s.amount]).sort()).toEqual(
        [
          [cyd.user.id, ana.user.id, 20],
          [cyd.user.id, ben.user.id, 10],
        ].sort(),
      );
      expect(await nets(cyd, groupId)).toEqual({ Ana: 0, Ben: 0, Cyd: 0, Dan: 0 });
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('someone who only paid sees the expense, has it in their list and summary, and is owed what they paid', async () => {
      const crew = (await people(ctx.app, 'Ana', 'Ben', 'Cyd', 'Dan', 'Eva')) as Person[];
      const [ana, ben, cyd, dan, eva] = crew as [Person, Person, Person, Person, Person];
      // Outside any group: 60.00 shared by Ana and Ben; Dan paid 30.00, Ana 20.00, Cyd 10.00.
      const expense: Json = await create(
        ana,
        paidBody({ shares: [ana, ben], amount: 60, groupId: null }, [ana, 20], [dan, 30], [cyd, 10]),
      );
      expect(expense.paid_by).toBe(dan.user.id);
      expect(expense.payers.map((p: Json) => [p.display_name, p.amount])).toEqual([
        ['Dan', 30],
        ['Ana', 20],
        ['Cyd', 10],
      ]);
      // Dan and Cyd are in no split, yet it is theirs: they see it and it is in their lists.
      for (const payer of [dan, cyd]) {
        const seen: Json = await ok(ctx.app, payer, 'getExpense', 'GET', `/api/expenses/${expense.id}`);
        expect(seen.payers).toEqual(expense.payers);
        const list: Json = await ok(ctx.app, payer, 'listUserExpenses', 'GET', '/api/expenses/user');
        expect(list.expenses.map((e: Json) => e.id)).toEqual([expense.id]);
        expect(list.total).toBe(1);
        const found: Json = await ok(
          ctx.app,
          payer,
          'listUserExpenses',
          'GET',
          '/api/expenses/user?search=shared',
        );
        expect(found).toMatchObject({ total: 1, expenses: [{ id: expense.id }] });
      }
      expect((await request(ctx.app, eva, 'GET', `/api/expenses/${expense.id}`)).statusCode).toBe(404);
      expect(await expectTotalIsTheList(ctx.app, eva)).toBe(0);

      // Nets: Dan +30, Cyd +10, Ana 20 - 30 = -10, Ben -30.
      const summary: Json = await ok(ctx.app, dan, 'getBalanceSummary', 'GET', '/api/balance/summary');
      expect(summary.data.overall).toMatchObject({
        total_balance: 30,
        balances: [{ currency: 'EUR', amount: 30 }],
      });
      const anas: Json = await ok(ctx.app, ana, 'getBalanceSummary', 'GET', '/api/balance/summary');
      expect(anas.data.overall.total_balance).toBe(-10);
      // Whom Dan is owed by: the expense's own debts (in proportion), whatever they are, adding up to 30.00.
      const expected = expenseDebts({
        paid_by: dan.user.id,
        amount: 6000,
        payers: { [dan.user.id]: 3000, [ana.user.id]: 2000, [cyd.user.id]: 1000 },
        shares: { [ana.user.id]: 3000, [ben.user.id]: 3000 },
      }).filter((d) => d.to === dan.user.id);
      const mine: Json = await ok(ctx.app, dan, 'listMyDebts', 'GET', '/api/financial/debts');
      expect(mine.debts.map((d: Json) => [d.from.id, d.to.id, Math.round(d.amount * 100)]).sort()).toEqual(
        expected.map((d) => [d.from, d.to, d.amount]).sort(),
      );
      expect(expected.reduce((sum, d) => sum + d.amount, 0)).toBe(3000);
      await expectLedgerMatchesRecompute(
        ctx.db,
        PERSONAL_SCOPE,
        crew.map((p) => p.user.id),
      );

      // Paying connects: Dan finds Ben and Cyd among his connected people and may record a payment with
      // Cyd, who also only paid; Eva, in nothing of theirs, finds nobody and may not.
      const connected = async (as: Person, other: Person) => {
        const query = new URLSearchParams({ term: other.email, connected: 'true' });
        const found: Json = await ok(ctx.app, as, 'searchUsers', 'GET', `/api/users/search?${query}`);
        return found.users.map((u: Json) => u.id);
      };
      expect(await connected(dan, ben)).toEqual([ben.user.id]);
      expect(await connected(dan, cyd)).toEqual([cyd.user.id]);
      expect(await connected(eva, ben)).toEqual([]);
      const payment = (as: Person, to: Person) =>
        request(ctx.app, as, 'POST', '/api/financial/settlements', {
          from_user_id: as.user.id,
          to_user_id: to.user.id,
          amount: 5,
          currency: 'EUR',
          group_id: null,
        });
      expect((await payment(cyd, dan)).statusCode).toBe(201);
      expect((await payment(eva, dan)).statusCode).not.toBe(201);
    });

    it('an edit changes who paid what: without `payers`, paid_by pays all of it again', async () => {
      const crew = (await people(ctx.app, 'Ana', 'Ben', 'Cyd', 'Dan')) as [Person, Person, Person, Person];
      const [ana, ben, cyd, dan] = crew;
      const groupId = await groupWith(ctx.app, crew);
      const created: Json = await create(
        ana,
        paidBody({ shares: [ana, ben], amount: 60, groupId }, [ana, 60]),
      );
      expect(created.payers).toEqual([{ ...who(ana), amount: 60 }]);
      expect(await expectTotalIsTheList(ctx.app, dan)).toBe(0);
      const put = (as: Person, body: object) =>
        request(ctx.app, as, 'PUT', `/api/expenses/${created.id}`, body);

      // Three payers, Dan among them though he shares nothing; a new total.
      let response = await put(
        ben,
        paidBody({ shares: [ana, ben, cyd], amount: 90, groupId }, [ana, 10], [ben, 40], [dan, 40]),
      );
      expect(response.statusCode, response.body).toBe(200);
      let edited: Json = expectContract(response, 'updateExpense');
      // Ben and Dan paid as much: the smaller id is named first and is paid_by.
      const [first, second] = [ben, dan].sort((p, q) => byCodeUnit(p.user.id, q.user.id)) as [Person, Person];
      expect(edited.payers).toEqual([
        { ...who(first), amount: 40 },
        { ...who(second), amount: 40 },
        { ...who(ana), amount: 10 },
      ]);
      expect(edited.paid_by).toBe(first.user.id);
      expect(await nets(ana, groupId)).toEqual({ Ana: -20, Ben: 10, Cyd: -30, Dan: 40 });
      expect(await expectTotalIsTheList(ctx.app, dan)).toBe(1);
      await expectLedgerMatchesRecompute(ctx.db, groupId);

      // Naming the other of the two as paid_by is refused: the tie goes to the smaller id.
      response = await put(
        ben,
        paidBody(
          { shares: [ana, ben, cyd], amount: 90, groupId, paidBy: second },
          [ana, 10],
          [ben, 40],
          [dan, 40],
        ),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([
        { field: 'paid_by', message: 'paid_by must be the payer who paid the most' },
      ]);

      // An edit without `payers`: Cyd, named in paid_by, paid all of it; Dan leaves the expense.
      const { payers: _dropped, ...single } = paidBody({ shares: [ana, ben, cyd], amount: 90, groupId }, [
        cyd,
        90,
      ]);
      response = await put(ana, single);
      expect(response.statusCode, response.body).toBe(200);
      edited = expectContract(response, 'updateExpense');
      expect(edited.paid_by).toBe(cyd.user.id);
      expect(edited.payers).toEqual([{ ...who(cyd), amount: 90 }]);
      expect(await nets(ana, groupId)).toEqual({ Ana: -30, Ben: -30, Cyd: 60, Dan: 0 });
      expect(await expectTotalIsTheList(ctx.app, dan)).toBe(0);
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('any payer may delete it, someone who only shares may not; a stale edit is a 409', async () => {
      const crew = (await people(ctx.app, 'Ana', 'Ben', 'Cyd')) as [Person, Person, Person];
      const [ana, ben, cyd] = crew;
      const groupId = await groupWith(ctx.app, crew);
      const body = paidBody({ shares: [ana, ben, cyd], amount: 30, groupId }, [ana, 20], [ben, 10]);
      const expense: Json = await create(ana, body);

      const stale = await request(ctx.app, ben, 'PUT', `/api/expenses/${expense.id}`, {
        ...paidBody({ shares: [ana, ben, cyd], amount: 30, groupId }, [ben, 30]),
        version: expense.version + 1,
      });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json()).toEqual({
        code: 'VERSION_CONFLICT',
        message: 'This expense was changed by someone else. Reload and try again.',
      });
      const unchanged: Json = await ok(ctx.app, cyd, 'getExpense', 'GET', `/api/expenses/${expense.id}`);
      expect(unchanged.payers).toEqual(expense.payers);

      const before = await moneyState(ctx.db);
      const refused = await request(ctx.app, cyd, 'DELETE', `/api/expenses/${expense.id}`);
      expect(refused.statusCode).toBe(403);
      expect(expectContract(refused, 'deleteExpense')).toEqual({
        code: 'FORBIDDEN_NOT_PAYER',
        message: 'Only the person who paid can delete this expense',
      });
      expect(await moneyState(ctx.db)).toEqual(before);

      // Ben paid the lesser part and is not paid_by: still one who paid.
      const gone = await request(
        ctx.app,
        ben,
        'DELETE',
        `/api/expenses/${expense.id}?version=${expense.version}`,
      );
      expect(gone.statusCode, gone.body).toBe(200);
      expect((await request(ctx.app, ana, 'GET', `/api/expenses/${expense.id}`)).statusCode).toBe(404);
      expect(await nets(ana, groupId)).toEqual({ Ana: 0, Ben: 0, Cyd: 0 });
      for (const person of crew) expect(await expectTotalIsTheList(ctx.app, person)).toBe(0);
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('refuses payments that do not pay the expense, each with its field and message, and writes nothing', async () => {
      const crew = (await people(ctx.app, 'Ana', 'Ben', 'Cyd')) as [Person, Person, Person];
      const [ana, ben, cyd] = crew;
      const outsider = await registerUser(ctx.app);
      const groupId = await groupWith(ctx.app, crew);
      const base = paidBody({ shares: [ana, ben, cyd], amount: 30, groupId }, [ana, 20], [ben, 10]);
      const [a, b, c] = [ana.user.id, ben.user.id, cyd.user.id];
      // A body's `payers` from (id, amount) pairs; the same error on both payers' amounts.
      const pay = (...pairs: [string, number][]) => ({
        payers: pairs.map(([user_id, amount]) => ({ user_id, amount })),
      });
      const onBoth = (message: string) => [0, 1].map((i) => ({ field: `payers.${i}.amount`, message }));
      const members = 'Everyone in the expense must be a member of the group.';
      const principal = 'paid_by must be the payer who paid the most';
      const cases: [string, object, { field: string; message: string }[]][] = [
        [
          'a payer twice',
          pay([a, 20], [a, 10]),
          [{ field: 'payers', message: 'Each payer can appear only once' }],
        ],
        [
          'payments that do not add up to the total',
          pay([a, 20], [b, 5]),
          [{ field: 'payers', message: 'The payments must add up to the total' }],
        ],
        [
          'paid_by who did not pay the most',
          { paid_by: b, split_with: [a, c] },
          [{ field: 'paid_by', message: principal }],
        ],
        [
          'paid_by who did not pay at all',
          { paid_by: c, split_with: [a, b] },
          [{ field: 'paid_by', message: principal }],
        ],
        [
          'a payer who is not a member of the group',
          pay([a, 20], [outsider.user.id, 10]),
          [{ field: 'payers.1.user_id', message: members }],
        ],
        [
          'a payer who is nobody',
          pay([a, 20], [crypto.randomUUID(), 10]),
          [{ field: 'payers.1.user_id', message: 'The payer is not a known person.' }],
        ],
        [
          'a payment with more decimals than the currency has',
          pay([a, 19.995], [b, 10.005]),
          onBoth('Amount can have at most 2 decimal places'),
        ],
        [
          'a payment of a fraction of a yen',
          { currency: 'JPY', amount: 3000, ...pay([a, 2999.5], [b, 0.5]) },
          onBoth('Amounts in JPY must be whole numbers'),
        ],
        [
          'a payment of nothing',
          pay([a, 30], [b, 0]),
          [{ field: 'payers.1.amount', message: 'payers.1.amount must be greater than 0' }],
        ],
      ];
      const before = await moneyState(ctx.db);
      for (const [name, change, errors] of cases) {
        const response = await post(ana, { ...base, ...change });
        expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
        expect(expectContract(response, 'createExpense'), name).toMatchObject({
          code: 'VALIDATION_FAILED',
          errors,
        });
      }
      expect(await moneyState(ctx.db)).toEqual(before);

      // Outside a group the caller must pay some of it or take part; paying a part is taking part enough.
      const personal = (helper: Person) =>
        post(ana, paidBody({ shares: [ben, cyd], amount: 30, groupId: null }, [ben, 20], [helper, 10]));
      const notMine = await personal(cyd);
      expect(notMine.statusCode, notMine.body).toBe(400);
      expect(notMine.json().errors).toEqual([
        { field: 'participants', message: 'You must be the payer or one of the participants.' },
      ]);
      expect(await moneyState(ctx.db)).toEqual(before);
      const partly = await personal(ana);
      expect(partly.statusCode, partly.body).toBe(201);
    });

    it('outside a group, someone who paid a part cannot decline it, someone who only shares can; a payer deletes it', async () => {
      const crew = (await people(ctx.app, 'Ana', 'Ben', 'Cyd')) as [Person, Person, Person];
      const [ana, ben, cyd] = crew;
      const ids = crew.map((p) => p.user.id);
      const expense: Json = await create(
        ana,
        paidBody({ shares: [ana, ben, cyd], amount: 30, groupId: null }, [ana, 20], [ben, 10]),
      );
      const decline = (as: Person) => request(ctx.app, as, 'POST', `/api/expenses/decline/${expense.id}`);
      const refused = await decline(ben);
      expect(refused.statusCode).toBe(403);
      expect(expectContract(refused, 'declineExpense')).toEqual({
        code: 'DECLINE_NOT_ALLOWED',
        message: 'Only a person named by someone else can decline this expense',
      });
      const declined = await decline(cyd);
      expect(declined.statusCode, declined.body).toBe(200);
      expect(expectContract(declined, 'declineExpense').payers).toEqual(expense.payers);
      // It counts for nobody now, though Ana and Ben paid it.
      const summary: Json = await ok(ctx.app, ben, 'getBalanceSummary', 'GET', '/api/balance/summary');
      expect(summary.data.overall.total_balance).toBe(0);
      await expectLedgerMatchesRecompute(ctx.db, PERSONAL_SCOPE, ids);
      const gone = await request(ctx.app, ben, 'DELETE', `/api/expenses/${expense.id}`);
      expect(gone.statusCode, gone.body).toBe(200);
      for (const person of crew) expect(await expectTotalIsTheList(ctx.app, person)).toBe(0);
      await expectLedgerMatchesRecompute(ctx.db, PERSONAL_SCOPE, ids);
    });

    it('a repeated create of an expense several paid, under one Idempotency-Key, is written once', async () => {
      const crew = (await people(ctx.app, 'Ana', 'Ben', 'Cyd')) as [Person, Person, Person];
      const [ana, ben, cyd] = crew;
      const groupId = await groupWith(ctx.app, crew);
      const body = paidBody(
        { shares: [ana, ben, cyd], amount: 33, groupId },
        [ana, 12.34],
        [ben, 20],
        [cyd, 0.66],
      );
      const key = { 'idempotency-key': crypto.randomUUID() };
      const first = await post(ben, body, key);
      expect(first.statusCode, first.body).toBe(201);
      const replay = await post(ben, body, key);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toBe(first.body);
      expect(first.json().payers.map((p: Json) => p.amount)).toEqual([20, 12.34, 0.66]);
      const { rows } = await ctx.db.query('SELECT count(*)::int AS n FROM expenses WHERE group_id = $1', [
        groupId,
      ]);
      expect(rows).toEqual([{ n: 1 }]);
      expect(await nets(ana, groupId)).toEqual({ Ana: 1.34, Ben: 9, Cyd: -10.34 });
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });
  });
}
