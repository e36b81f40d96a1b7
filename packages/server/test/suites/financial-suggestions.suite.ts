import { minimalTransfers, pairwiseDebts } from '@kitty/domain';
import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import {
  addExpense,
  expectLedgerMatchesRecompute,
  financialState,
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

export function financialSuggestionsSuite(ctx: TestContext): void {
  /** Five people, expenses in EUR and one in USD: several debts to simplify. */
  async function busyGroup() {
    const crew = (await people(ctx.app, 'Ana', 'Ben', 'Cyd', 'Dan', 'Eva')) as Person[];
    const groupId = await groupWith(ctx.app, crew, 'EUR');
    const [a, b, c, d, e] = crew.map((p) => p.user.id) as [string, string, string, string, string];
    const history = [
      { payer: 0, shares: { [a]: 1000, [b]: 1000, [c]: 1000 } },
      { payer: 1, shares: { [c]: 2500, [d]: 500 } },
      { payer: 2, shares: { [d]: 1200, [e]: 800, [a]: 333 } },
      { payer: 3, shares: { [e]: 4100, [b]: 10 } },
      { payer: 4, shares: { [a]: 999 } },
    ];
    const expenses = [];
    for (const h of history) {
      const payer = crew[h.payer] as Person;
      await addExpense(ctx.app, payer, { groupId, shares: h.shares });
      expenses.push({ id: 'x', paid_by: payer.user.id, currency: 'EUR', amount: 0, shares: h.shares });
    }
    await addExpense(ctx.app, crew[1] as Person, { groupId, currency: 'USD', shares: { [a]: 700 } });
    return { crew, groupId, expenses };
  }

  async function groupNets(as: Person, groupId: string, currency: string): Promise<Record<string, number>> {
    const body: Json = await ok(
      ctx.app,
      as,
      'getGroupBalances',
      'GET',
      `/api/financial/balances/group/${groupId}`,
    );
    return Object.fromEntries(
      body.balances.map((m: Json) => [
        m.user.id,
        minor(m.currency_breakdown.find((r: Json) => r.currency === currency)?.net ?? 0, currency),
      ]),
    );
  }

  describe('financial: settlement suggestions', () => {
    it('are the domain’s fewest transfers per currency, explained with display names; paying them all settles everyone', async () => {
      const { crew, groupId, expenses } = await busyGroup();
      const [ana] = crew as [Person];
      const url = `/api/financial/settlement-suggestions/group/${groupId}`;
      const body: Json = await ok(ctx.app, ana, 'listGroupSettlementSuggestions', 'GET', url);
      const nets = await groupNets(ana, groupId, 'EUR');
      const eur = body.suggestions.filter((s: Json) => s.currency === 'EUR');
      expect(eur).toHaveLength(minimalTransfers(nets).length);
      expect(body.suggestions.filter((s: Json) => s.currency === 'USD')).toHaveLength(1);
      expect(body.suggestions.map((s: Json) => s.currency)).toEqual([...eur.map(() => 'EUR'), 'USD']);
      const amounts = eur.map((s: Json) => s.amount);
      expect(amounts).toEqual([...amounts].sort((x: number, y: number) => y - x));
      const pairs = (
        pairwiseDebts(
          expenses.map((e) => ({ ...e, amount: Object.values(e.shares).reduce((x, y) => x + y) })),
        ).EUR ?? []
      ).length;
      const names = new Set(crew.map((p) => p.user.id));
      for (const s of eur) {
        expect(s.group_id).toBe(groupId);
        expect(names.has(s.payer.id) && names.has(s.receiver.id)).toBe(true);
        expect(s.explanation).toContain(`${s.payer.display_name} pays ${s.receiver.display_name} €`);
        expect(['Ana', 'Ben', 'Cyd', 'Dan', 'Eva']).toContain(s.payer.display_name);
        expect(s.simplification_factor).toBe(Math.round((pairs / eur.length) * 100) / 100);
        expect(s.impact.remaining_debt).toBeCloseTo(s.impact.current_total_debt - s.amount, 2);
      }
      // Each suggestion carries the payer's whole debt in its currency and what they owe in the other one.
      const netsOf: Record<string, Record<string, number>> = {
        EUR: nets,
        USD: await groupNets(ana, groupId, 'USD'),
      };
      for (const s of body.suggestions) {
        const other = s.currency === 'EUR' ? 'USD' : 'EUR';
        const owedThere = -(netsOf[other]?.[s.payer.id] ?? 0);
        expect(s.payer_debt).toBe(-(netsOf[s.currency]?.[s.payer.id] ?? 0) / 100);
        expect(s.payer_owes_elsewhere).toEqual(
          owedThere > 0 ? [{ currency: other, amount: owedThere / 100 }] : [],
        );
      }

      for (const s of body.suggestions) {
        const payer = crew.find((p) => p.user.id === s.payer.id) as Person;
        await ok(ctx.app, payer, 'createSettlement', 'POST', '/api/financial/settlements', {
          from_user_id: s.payer.id,
          to_user_id: s.receiver.id,
          amount: s.amount,
          currency: s.currency,
          group_id: groupId,
        });
      }
      const after: Json = await ok(
        ctx.app,
        ana,
        'getGroupBalances',
        'GET',
        `/api/financial/balances/group/${groupId}`,
      );
      for (const m of after.balances) {
        expect(m.net_balance).toBe(0);
        for (const r of m.currency_breakdown) expect(r.net).toBe(0);
      }
      expect(await ok(ctx.app, ana, 'listGroupSettlementSuggestions', 'GET', url)).toEqual({
        suggestions: [],
      });
      expect(
        await ok(ctx.app, ana, 'listGroupDebts', 'GET', `/api/financial/group/${groupId}/debts`),
      ).toEqual({
        debts: [],
      });
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('paying one suggestion leaves every other suggestion as it was, where recomputing would reshuffle them', async () => {
      // Five people whose ids, in order, play a..e of the domain's example: balances a -3, b -3, c -3, d +4,
      // e +5 give the plan a>d 3, b>d 1, b>e 2, c>e 3. Once b pays d 1, the balances alone would give
      // a>e 3, b>e 2, c>d 3: a and c would find their receivers swapped under them.
      const crew = (await people(ctx.app, 'Ana', 'Ben', 'Cyd', 'Dan', 'Eva')).sort((x, y) =>
        x.user.id < y.user.id ? -1 : 1,
      ) as [Person, Person, Person, Person, Person];
      const [a, b, c, d, e] = crew;
      const groupId = await groupWith(ctx.app, crew, 'EUR');
      await addExpense(ctx.app, d, { groupId, shares: { [a.user.id]: 300, [b.user.id]: 100 } });
      await addExpense(ctx.app, e, { groupId, shares: { [b.user.id]: 200, [c.user.id]: 300 } });
      const url = `/api/financial/settlement-suggestions/group/${groupId}`;
      const plan = async () => {
        const body: Json = await ok(ctx.app, a, 'listGroupSettlementSuggestions', 'GET', url);
        return body.suggestions.map((s: Json) => `${s.payer.id}>${s.receiver.id} ${s.amount}`).sort();
      };
      const t = (from: Person, to: Person, amount: number) => `${from.user.id}>${to.user.id} ${amount}`;
      expect(await plan()).toEqual([t(a, d, 3), t(b, d, 1), t(b, e, 2), t(c, e, 3)].sort());

      const paid = await postSettlement(ctx.app, b, {
        from_user_id: b.user.id,
        to_user_id: d.user.id,
        amount: 1,
        currency: 'EUR',
        group_id: groupId,
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const nets = await groupNets(a, groupId, 'EUR');
      expect(
        minimalTransfers(nets)
          .map((x) => `${x.from}>${x.to} ${x.amount / 100}`)
          .sort(),
      ).toEqual([t(a, e, 3), t(b, e, 2), t(c, d, 3)].sort());
      const kept = [t(a, d, 3), t(b, e, 2), t(c, e, 3)].sort();
      expect(await plan()).toEqual(kept);
      // Debts are the same plan: settling one through its debt id keeps the rest too.
      const debts: Json = await ok(
        ctx.app,
        a,
        'listGroupDebts',
        'GET',
        `/api/financial/group/${groupId}/debts`,
      );
      expect(debts.debts.map((x: Json) => `${x.from.id}>${x.to.id} ${x.amount}`).sort()).toEqual(kept);
      const cToE = debts.debts.find((x: Json) => x.from.id === c.user.id);
      await ok(ctx.app, c, 'settleDebt', 'POST', `/api/financial/debts/${cToE.id}/settle`);
      expect(await plan()).toEqual([t(a, d, 3), t(b, e, 2)].sort());

      // Any other change (here a new expense) makes the remembered plan stale: the plan is the balances' own.
      await addExpense(ctx.app, a, { groupId, shares: { [b.user.id]: 100 } });
      const fresh = minimalTransfers(await groupNets(a, groupId, 'EUR'))
        .map((x) => `${x.from}>${x.to} ${x.amount / 100}`)
        .sort();
      expect(await plan()).toEqual(fresh);
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('GET /financial/settlement-suggestions holds only the caller’s transfers, from every group and outside groups', async () => {
      const { crew, groupId } = await busyGroup();
      const [ana, ben] = crew as [Person, Person];
      await addExpense(ctx.app, ben, { groupId: null, currency: 'CHF', shares: { [ana.user.id]: 1234 } });
      const mine: Json = await ok(
        ctx.app,
        ana,
        'listSettlementSuggestions',
        'GET',
        '/api/financial/settlement-suggestions',
      );
      const all: Json = await ok(
        ctx.app,
        ana,
        'listGroupSettlementSuggestions',
        'GET',
        `/api/financial/settlement-suggestions/group/${groupId}`,
      );
      const involvesAna = (s: Json) => s.payer.id === ana.user.id || s.receiver.id === ana.user.id;
      expect(mine.suggestions.every(involvesAna)).toBe(true);
      expect(mine.suggestions.filter((s: Json) => s.group_id === groupId)).toEqual(
        all.suggestions.filter(involvesAna),
      );
      expect(mine.suggestions.filter((s: Json) => s.group_id === null)).toEqual([
        {
          payer: { id: ana.user.id, display_name: 'Ana' },
          receiver: { id: ben.user.id, display_name: 'Ben' },
          amount: 12.34,
          currency: 'CHF',
          group_id: null,
          settles_percentage: 100,
          simplification_factor: 1,
          explanation: "Ana pays Ben CHF\u00a012.34 to settle Ana's whole debt.",
          payer_debt: 12.34,
          payer_owes_elsewhere: [],
          impact: { current_total_debt: 12.34, remaining_debt: 0 },
        },
      ]);
    });
  });

  describe('financial: debts', () => {
    it('have ids that stay the same across calls; settling one records its amount and clears just that debt', async () => {
      const { crew, groupId } = await busyGroup();
      const [ana] = crew as [Person];
      const url = `/api/financial/group/${groupId}/debts`;
      const first: Json = await ok(ctx.app, ana, 'listGroupDebts', 'GET', url);
      const again: Json = await ok(ctx.app, ana, 'listGroupDebts', 'GET', url);
      expect(again).toEqual(first);
      expect(new Set(first.debts.map((d: Json) => d.id)).size).toBe(first.debts.length);
      const nets = await groupNets(ana, groupId, 'EUR');
      expect(first.debts.filter((d: Json) => d.currency === 'EUR')).toHaveLength(
        minimalTransfers(nets).length,
      );

      const debt = first.debts.find((d: Json) => d.currency === 'EUR');
      const debtor = crew.find((p) => p.user.id === debt.from.id) as Person;
      const mine: Json = await ok(ctx.app, debtor, 'listMyDebts', 'GET', '/api/financial/debts');
      expect(mine.debts).toContainEqual(debt);
      expect(mine.debts.every((d: Json) => d.from.id === debtor.user.id || d.to.id === debtor.user.id)).toBe(
        true,
      );

      const s: Json = await ok(
        ctx.app,
        debtor,
        'settleDebt',
        'POST',
        `/api/financial/debts/${debt.id}/settle`,
      );
      expect(s).toMatchObject({
        from_user_id: debt.from.id,
        to_user_id: debt.to.id,
        amount: debt.amount,
        currency: 'EUR',
        group_id: groupId,
      });
      const after: Json = await ok(ctx.app, ana, 'listGroupDebts', 'GET', url);
      expect(after.debts.map((d: Json) => d.id)).not.toContain(debt.id);
      expect(after.debts).toHaveLength(first.debts.length - 1);

      const before = await financialState(ctx.db);
      const twice = await request(ctx.app, debtor, 'POST', `/api/financial/debts/${debt.id}/settle`);
      expect(twice.statusCode).toBe(404);
      expect(expectContract(twice, 'settleDebt')).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      expect(await financialState(ctx.db)).toEqual(before);
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('settling the same debt twice at once records it once: the second answers 404', async () => {
      const { crew, groupId } = await busyGroup();
      const { debts }: Json = await ok(
        ctx.app,
        crew[0] as Person,
        'listGroupDebts',
        'GET',
        `/api/financial/group/${groupId}/debts`,
      );
      const debt = debts[0];
      const debtor = crew.find((p) => p.user.id === debt.from.id) as Person;
      const creditor = crew.find((p) => p.user.id === debt.to.id) as Person;
      const url = `/api/financial/debts/${debt.id}/settle`;
      const answers = await Promise.all([
        request(ctx.app, debtor, 'POST', url),
        request(ctx.app, creditor, 'POST', url),
      ]);
      for (const answer of answers) expectContract(answer, 'settleDebt');
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 404]);
      const { rows } = await ctx.db.query('SELECT count(*)::int AS n FROM settlements WHERE group_id = $1', [
        groupId,
      ]);
      expect(rows[0]).toEqual({ n: 1 });
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('a member who is neither side of a debt may not settle it (403); nothing changes', async () => {
      const { crew, groupId } = await busyGroup();
      const { debts }: Json = await ok(
        ctx.app,
        crew[0] as Person,
        'listGroupDebts',
        'GET',
        `/api/financial/group/${groupId}/debts`,
      );
      const debt = debts[0];
      const outsider = crew.find((p) => p.user.id !== debt.from.id && p.user.id !== debt.to.id) as Person;
      const before = await financialState(ctx.db);
      const response = await request(ctx.app, outsider, 'POST', `/api/financial/debts/${debt.id}/settle`);
      expect(response.statusCode).toBe(403);
      expect(expectContract(response, 'settleDebt').code).toBe('FORBIDDEN_NOT_PARTY');
      expect(await financialState(ctx.db)).toEqual(before);
    });

    it('outside groups, each pair’s debt is its own; the creditor may settle it too', async () => {
      const [ana, ben, cyd] = await people(ctx.app, 'Ana', 'Ben', 'Cyd');
      await addExpense(ctx.app, ana!, {
        groupId: null,
        shares: { [ben!.user.id]: 600, [cyd!.user.id]: 400 },
      });
      await addExpense(ctx.app, ben!, { groupId: null, shares: { [ana!.user.id]: 100 } });
      const mine: Json = await ok(ctx.app, ana!, 'listMyDebts', 'GET', '/api/financial/debts');
      expect(
        mine.debts.map((d: Json) => [d.from.display_name, d.to.display_name, d.amount, d.group_id]),
      ).toEqual([
        ['Ben', 'Ana', 5, null],
        ['Cyd', 'Ana', 4, null],
      ]);
      const cydDebt = mine.debts[1];
      const benView: Json = await ok(ctx.app, ben!, 'listMyDebts', 'GET', '/api/financial/debts');
      expect(benView.debts.map((d: Json) => d.id)).not.toContain(cydDebt.id);
      const refused = await request(ctx.app, ben!, 'POST', `/api/financial/debts/${cydDebt.id}/settle`);
      expect(refused.statusCode).toBe(404);
      expectContract(refused, 'settleDebt');
      await ok(ctx.app, ana!, 'settleDebt', 'POST', `/api/financial/debts/${cydDebt.id}/settle`);
      const cydAfter: Json = await ok(ctx.app, cyd!, 'listMyDebts', 'GET', '/api/financial/debts');
      expect(cydAfter.debts).toEqual([]);
      expect(await ok(ctx.app, cyd!, 'getMyBalance', 'GET', '/api/financial/balance')).toEqual({
        balances: [],
      });
    });

    it('ids that are not debt ids answer 404', async () => {
      const [ana] = await people(ctx.app, 'Ana');
      for (const id of ['nothing', 'A'.repeat(68), crypto.randomUUID()]) {
        const response = await request(ctx.app, ana!, 'POST', `/api/financial/debts/${id}/settle`);
        expect(response.statusCode, id).toBe(404);
        expect(expectContract(response, 'settleDebt')).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      }
    });
  });

  describe('financial: currencies never mix', () => {
    it('a debt in one currency is never offset by a credit in another', async () => {
      const [ana, ben] = await people(ctx.app, 'Ana', 'Ben');
      const groupId = await groupWith(ctx.app, [ana!, ben!], 'EUR');
      await addExpense(ctx.app, ana!, { groupId, currency: 'EUR', shares: { [ben!.user.id]: 1000 } });
      await addExpense(ctx.app, ben!, { groupId, currency: 'USD', shares: { [ana!.user.id]: 1000 } });
      const { debts }: Json = await ok(
        ctx.app,
        ana!,
        'listGroupDebts',
        'GET',
        `/api/financial/group/${groupId}/debts`,
      );
      expect(debts.map((d: Json) => [d.from.display_name, d.to.display_name, d.amount, d.currency])).toEqual([
        ['Ben', 'Ana', 10, 'EUR'],
        ['Ana', 'Ben', 10, 'USD'],
      ]);
      const summary: Json = await ok(ctx.app, ana!, 'getBalanceSummary', 'GET', '/api/balance/summary');
      expect(summary.data.overall.balances).toEqual([
        { currency: 'EUR', amount: 10 },
        { currency: 'USD', amount: -10 },
      ]);
      expect(summary.data.overall.total_balance).toBe(10);
    });
  });
}
