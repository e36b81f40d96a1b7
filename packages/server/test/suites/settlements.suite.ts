import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import {
  addExpense,
  expectLedgerMatchesRecompute,
  financialState,
  groupWith,
  ok,
  people,
  postSettlement,
} from './financial-support';

// biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
type Json = any;

export function settlementsSuite(ctx: TestContext): void {
  async function trio() {
    const [ana, ben, cyd] = await people(ctx.app, 'Ana', 'Ben', 'Cyd');
    const groupId = await groupWith(ctx.app, [ana!, ben!, cyd!], 'EUR');
    return { ana: ana!, ben: ben!, cyd: cyd!, groupId };
  }

  describe('financial: POST /api/financial/settlements', () => {
    it('records the payment and answers the settlement with names, receipt number, audit trail and the payer’s new balance', async () => {
      const { ana, ben, groupId } = await trio();
      await addExpense(ctx.app, ana, { groupId, shares: { [ben.user.id]: 5000 } });
      const before = Date.now();
      const s: Json = await ok(ctx.app, ana, 'createSettlement', 'POST', '/api/financial/settlements', {
        from_user_id: ben.user.id,
        to_user_id: ana.user.id,
        amount: 12.34,
        currency: 'EUR',
        group_id: groupId,
        description: '  Beers  ',
      });
      const benSummary = { id: ben.user.id, display_name: 'Ben', email: ben.email };
      const anaSummary = { id: ana.user.id, display_name: 'Ana', email: ana.email };
      expect(s).toMatchObject({
        group_id: groupId,
        from_user_id: ben.user.id,
        to_user_id: ana.user.id,
        FromUser: benSummary,
        payer: benSummary,
        ToUser: anaSummary,
        receiver: anaSummary,
        amount: 12.34,
        currency: 'EUR',
        description: 'Beers',
        created_by: { id: ana.user.id, display_name: 'Ana' },
        balance_impact: { new_balance: -37.66 },
      });
      expect(s.transaction_id).toMatch(/^KT-[A-Z2-7]{10}$/);
      expect(s.date).toBe(s.settlement_date);
      expect(Date.parse(s.settlement_date)).toBeGreaterThanOrEqual(before - 1000);
      expect(s.audit_trail).toEqual([
        { action: 'created', at: s.created_at, by: { id: ana.user.id, display_name: 'Ana' } },
      ]);
      const mine: Json = await ok(
        ctx.app,
        ben,
        'getMyGroupBalance',
        'GET',
        `/api/financial/group/${groupId}/balance`,
      );
      expect(mine.balance).toBe(-37.66);
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('keeps a given settlement_date; every receipt number is different', async () => {
      const { ana, ben, groupId } = await trio();
      const body = {
        from_user_id: ana.user.id,
        to_user_id: ben.user.id,
        amount: 1,
        currency: 'EUR',
        group_id: groupId,
      };
      const first: Json = await ok(ctx.app, ana, 'createSettlement', 'POST', '/api/financial/settlements', {
        ...body,
        settlement_date: '2026-01-02T03:04:05.000Z',
      });
      expect(first.settlement_date).toBe('2026-01-02T03:04:05.000Z');
      const ids = new Set([first.transaction_id]);
      for (let i = 0; i < 5; i++) {
        ids.add(
          (await ok(ctx.app, ana, 'createSettlement', 'POST', '/api/financial/settlements', body))
            .transaction_id,
        );
      }
      expect(ids.size).toBe(6);
    });

    it('may exceed what is owed: the receiver then owes the difference', async () => {
      const { ana, ben, groupId } = await trio();
      await addExpense(ctx.app, ana, { groupId, shares: { [ben.user.id]: 1000 } });
      const s: Json = await ok(ctx.app, ben, 'createSettlement', 'POST', '/api/financial/settlements', {
        from_user_id: ben.user.id,
        to_user_id: ana.user.id,
        amount: 15,
        currency: 'EUR',
        group_id: groupId,
      });
      expect(s.balance_impact.new_balance).toBe(5);
      const anaNow: Json = await ok(
        ctx.app,
        ana,
        'getMyGroupBalance',
        'GET',
        `/api/financial/group/${groupId}/balance`,
      );
      expect(anaNow.balance).toBe(-5);
    });

    const refusals: [
      string,
      (ids: { a: string; b: string; c: string; stranger: string }) => object,
      RegExp,
    ][] = [
      [
        'the same person on both sides',
        ({ a }) => ({ from_user_id: a, to_user_id: a }),
        /The payer and the receiver must be different people/,
      ],
      [
        'a receiver who is not a member',
        ({ a, stranger }) => ({ from_user_id: a, to_user_id: stranger }),
        /members of the group/,
      ],
      [
        'a payer who is not a member',
        ({ b, stranger }) => ({ from_user_id: stranger, to_user_id: b }),
        /members of the group/,
      ],
      [
        'an id that is no person',
        ({ a }) => ({ from_user_id: a, to_user_id: 'nobody' }),
        /members of the group/,
      ],
      ['an amount of 0', () => ({ amount: 0 }), /at least 0.01/i],
      ['an amount of 0.001', () => ({ amount: 0.001 }), /at least 0.01/i],
      ['a negative amount', () => ({ amount: -5 }), /at least 0.01/i],
      ['more decimals than the currency has', () => ({ amount: 10.005 }), /at most 2 decimal places/],
      ['a fraction of a yen', () => ({ amount: 10.5, currency: 'JPY' }), /whole numbers/],
      ['an unknown currency', () => ({ currency: 'XYZ' }), /Unknown currency XYZ/],
      ['an amount that is text', () => ({ amount: '10' }), /number/],
    ];
    for (const [what, change, message] of refusals) {
      it(`refuses ${what} with a 400 and writes nothing`, async () => {
        const { ana, ben, cyd, groupId } = await trio();
        const [stranger] = await people(ctx.app, 'Stan');
        await addExpense(ctx.app, ana, { groupId, shares: { [ben.user.id]: 1000 } });
        const ids = { a: ana.user.id, b: ben.user.id, c: cyd.user.id, stranger: stranger!.user.id };
        const before = await financialState(ctx.db);
        const response = await postSettlement(ctx.app, ana, {
          from_user_id: ids.b,
          to_user_id: ids.a,
          amount: 10,
          currency: 'EUR',
          group_id: groupId,
          ...change(ids),
        });
        expect(response.statusCode, response.body).toBe(400);
        const body = expectContract(response, 'createSettlement');
        const messages = [body.message, ...(body.errors ?? []).map((e: Json) => e.message)].join(' | ');
        expect(messages).toMatch(message);
        expect(await financialState(ctx.db)).toEqual(before);
      });
    }

    it('outside a group: one of the two people records it, with someone they share an expense or group with', async () => {
      const { ana, ben, cyd } = await trio();
      const [loner] = await people(ctx.app, 'Lou');
      await addExpense(ctx.app, ana, { groupId: null, shares: { [ben.user.id]: 800 } });
      const body = {
        from_user_id: ben.user.id,
        to_user_id: ana.user.id,
        amount: 8,
        currency: 'EUR',
        group_id: null,
      };

      const before = await financialState(ctx.db);
      const notTheirs = await postSettlement(ctx.app, cyd, body);
      expect(notTheirs.statusCode).toBe(403);
      expect(expectContract(notTheirs, 'createSettlement').code).toBe('FORBIDDEN_NOT_PARTY');
      const unknownPerson = await postSettlement(ctx.app, ana, { ...body, from_user_id: loner!.user.id });
      expect(unknownPerson.statusCode).toBe(400);
      expect(expectContract(unknownPerson, 'createSettlement').message).toMatch(
        /share a group or an expense/,
      );
      expect(await financialState(ctx.db)).toEqual(before);

      const s: Json = await ok(ctx.app, ben, 'createSettlement', 'POST', '/api/financial/settlements', body);
      expect(s.group_id).toBeNull();
      expect(s.balance_impact.new_balance).toBe(0);
      const debts: Json = await ok(ctx.app, ben, 'listMyDebts', 'GET', '/api/financial/debts');
      expect(debts.debts).toEqual([]);
    });

    it('a group the caller is not a member of is 404, and nothing is written', async () => {
      const { ana, ben, groupId } = await trio();
      const [stranger] = await people(ctx.app, 'Stan');
      const before = await financialState(ctx.db);
      const response = await postSettlement(ctx.app, stranger!, {
        from_user_id: ben.user.id,
        to_user_id: ana.user.id,
        amount: 5,
        currency: 'EUR',
        group_id: groupId,
      });
      expect(response.statusCode).toBe(404);
      expect(expectContract(response, 'createSettlement')).toEqual({
        code: 'NOT_FOUND',
        message: 'Not found',
      });
      expect(await financialState(ctx.db)).toEqual(before);
    });
  });

  describe('financial: GET /api/financial/settlements and /api/financial/settlements/group/{groupId}', () => {
    it('newest first by settlement date, page by page with nextCursor, nothing missed or repeated', async () => {
      const { ana, ben, cyd, groupId } = await trio();
      const dates = ['2026-03-05', '2026-03-01', '2026-03-09', '2026-03-01', '2026-03-07'];
      const made: string[] = [];
      for (const [i, day] of dates.entries()) {
        const s: Json = await ok(ctx.app, ana, 'createSettlement', 'POST', '/api/financial/settlements', {
          from_user_id: i % 2 ? ben.user.id : cyd.user.id,
          to_user_id: ana.user.id,
          amount: i + 1,
          currency: 'EUR',
          group_id: groupId,
          settlement_date: `${day}T12:00:00Z`,
        });
        made.push(s.id);
      }
      const expected = [made[2], made[4], made[0], made[3], made[1]];
      for (const [as, url, op] of [
        [ben, `/api/financial/settlements/group/${groupId}`, 'listGroupSettlements'],
        [ana, '/api/financial/settlements', 'listSettlements'],
      ] as const) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
          const page: Json = await ok(ctx.app, as, op, 'GET', `${url}${query}`);
          expect(page.settlements.length).toBeLessThanOrEqual(2);
          seen.push(...page.settlements.map((s: Json) => s.id));
          cursor = page.nextCursor;
        } while (cursor);
        expect(seen).toEqual(expected);
      }
      const all: Json = await ok(
        ctx.app,
        cyd,
        'listGroupSettlements',
        'GET',
        `/api/financial/settlements/group/${groupId}`,
      );
      expect(all.nextCursor).toBeNull();
      expect(all.settlements[0]).toMatchObject({ amount: 3, audit_trail: [{ action: 'created' }] });
    });

    it('a page costs the same number of queries whatever its size', async () => {
      const { ana, ben, groupId } = await trio();
      for (let i = 0; i < 12; i++) {
        await ok(ctx.app, ana, 'createSettlement', 'POST', '/api/financial/settlements', {
          from_user_id: i % 2 ? ben.user.id : ana.user.id,
          to_user_id: i % 2 ? ana.user.id : ben.user.id,
          amount: i + 1,
          currency: 'EUR',
          group_id: groupId,
        });
      }
      let queries = 0;
      const counting: Db = {
        engine: ctx.db.engine,
        query: (sql, params) => {
          queries++;
          return ctx.db.query(sql, params);
        },
        exec: (sql) => ctx.db.exec(sql),
        transaction: (fn) => ctx.db.transaction(fn),
        close: async () => {},
      };
      const app = await ctx.buildApp({}, { db: counting });
      const cost = async (url: string) => {
        queries = 0;
        await ok(app, ana, url.includes('group') ? 'listGroupSettlements' : 'listSettlements', 'GET', url);
        return queries;
      };
      for (const base of [`/api/financial/settlements/group/${groupId}`, '/api/financial/settlements']) {
        const small = await cost(`${base}?limit=2`);
        expect(small).toBeGreaterThan(0);
        expect(await cost(`${base}?limit=12`)).toBe(small);
      }
    });

    it('someone else’s settlements never appear in a person’s list', async () => {
      const { ana, ben, groupId } = await trio();
      const [other] = await people(ctx.app, 'Otto');
      await ok(ctx.app, ana, 'createSettlement', 'POST', '/api/financial/settlements', {
        from_user_id: ben.user.id,
        to_user_id: ana.user.id,
        amount: 3,
        currency: 'EUR',
        group_id: groupId,
      });
      const page: Json = await ok(ctx.app, other!, 'listSettlements', 'GET', '/api/financial/settlements');
      expect(page).toEqual({ settlements: [], nextCursor: null });
    });

    it('a cursor that no list gave, or a limit out of bounds, is a 400', async () => {
      const { ana } = await trio();
      for (const query of ['cursor=not-a-cursor', 'limit=0', 'limit=101']) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/financial/settlements?${query}`,
          headers: { authorization: `Bearer ${ana.token}` },
        });
        expect(response.statusCode, query).toBe(400);
        expectContract(response, 'listSettlements');
      }
    });
  });
}
