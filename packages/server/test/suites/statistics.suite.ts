import {
  PERIOD_END_BEFORE_START,
  principalPayer,
  sumMinor,
  TIME_ZONE_UNKNOWN,
  toDecimal,
} from '@kitty/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATISTICS_STATEMENTS } from '../../src/statistics/repo';
import type { TestContext } from '../support/context';
import { ok, type Person, people, request } from './financial-support';

// biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
type Json = any;

interface Spend {
  groupId: string | null;
  currency?: string;
  category?: string;
  date: string;
  /** Who paid what, minor units. */
  paid: [Person, number][];
  /** Who owes what, minor units (adds up to what was paid). */
  shares: [Person, number][];
}

/** An exact-split expense body: who paid what and who owes what, in minor units, on `date`. */
function spendBody(s: Spend) {
  const currency = s.currency ?? 'EUR';
  const paidBy = principalPayer(Object.fromEntries(s.paid.map(([p, c]) => [p.user.id, c])));
  const participants = s.shares.map(([p]) => p.user.id);
  return {
    description: 'Spending',
    amount: toDecimal(sumMinor(s.shares.map(([, c]) => c)), currency),
    currency,
    category: s.category ?? 'groceries',
    date: s.date,
    group_id: s.groupId,
    split_type: 'exact',
    paid_by: paidBy,
    ...(s.paid.length > 1
      ? { payers: s.paid.map(([p, c]) => ({ user_id: p.user.id, amount: toDecimal(c, currency) })) }
      : {}),
    participants,
    split_with: participants.filter((id) => id !== paidBy),
    split_details: {
      amounts: Object.fromEntries(s.shares.map(([p, c]) => [p.user.id, toDecimal(c, currency)])),
    },
  };
}

const names = (list: { user: { display_name: string } }[]) => list.map((p) => p.user.display_name);
const person = (p: Json) => [p.user.display_name, p.paid_minor, p.share_minor];

export function statisticsSuite(ctx: TestContext): void {
  const spend = async (as: Person, s: Spend): Promise<string> =>
    (await ok(ctx.app, as, 'createExpense', 'POST', '/api/expenses', spendBody(s))).id;
  const groupStats = (as: Person, groupId: string, query = ''): Promise<Json> =>
    ok(ctx.app, as, 'getGroupStatistics', 'GET', `/api/groups/${groupId}/statistics${query}`);
  const myStats = (as: Person, query = ''): Promise<Json> =>
    ok(ctx.app, as, 'getMyStatistics', 'GET', `/api/statistics${query}`);
  const refusal = async (as: Person | null, url: string, status: number) => {
    const response = as
      ? await request(ctx.app, as, 'GET', url)
      : await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };

  describe('statistics (GET /groups/{id}/statistics, GET /statistics)', () => {
    let ana: Person;
    let ben: Person;
    let cyd: Person;
    let dan: Person;
    let eve: Person;
    let groupId: string;

    beforeAll(async () => {
      [ana, ben, cyd, dan, eve] = (await people(ctx.app, 'Ana', 'Ben', 'Cyd', 'Dan', 'Eve')) as Person[] as [
        Person,
        Person,
        Person,
        Person,
        Person,
      ];
      const group: Json = await ok(ctx.app, ana, 'createGroup', 'POST', '/api/groups', {
        name: 'Flat',
        currency: 'EUR',
        members: [ben, cyd, dan].map((p) => ({ email: p.email })),
      });
      groupId = group.id;
      // Two payers; 13:00 in Prague on 10 January.
      await spend(ana, {
        groupId,
        category: 'dining',
        date: '2025-01-10T12:00:00Z',
        paid: [
          [ana, 6000],
          [ben, 3000],
        ],
        shares: [
          [ana, 3000],
          [ben, 3000],
          [cyd, 3000],
        ],
      });
      // 23:30 in Prague on 31 January: January there and in UTC (22:30), already 1 February in Tokyo.
      await spend(cyd, {
        groupId,
        date: '2025-01-31T22:30:00Z',
        paid: [[cyd, 4000]],
        shares: [
          [cyd, 2000],
          [dan, 2000],
        ],
      });
      // 11:00 in Prague on 5 March; nothing in February in EUR.
      await spend(ben, {
        groupId,
        date: '2025-03-05T10:00:00Z',
        paid: [[ben, 1500]],
        shares: [
          [ana, 500],
          [ben, 500],
          [dan, 500],
        ],
      });
      await spend(dan, {
        groupId,
        currency: 'USD',
        category: 'travel',
        date: '2025-02-15T12:00:00Z',
        paid: [[dan, 2500]],
        shares: [
          [ana, 1000],
          [dan, 1500],
        ],
      });
      const deleted = await spend(ana, {
        groupId,
        category: 'dining',
        date: '2025-02-10T12:00:00Z',
        paid: [[ana, 5000]],
        shares: [
          [ana, 2500],
          [ben, 2500],
        ],
      });
      const gone = await request(ctx.app, ana, 'DELETE', `/api/expenses/${deleted}`);
      expect(gone.statusCode, gone.body).toBe(200);
      // Dan settles up (payments are not spending) and leaves: a former member.
      for (const [from, to, amount, currency] of [
        [dan, cyd, 20, 'EUR'],
        [dan, ben, 5, 'EUR'],
        [ana, dan, 10, 'USD'],
      ] as const) {
        await ok(ctx.app, from, 'createSettlement', 'POST', '/api/financial/settlements', {
          from_user_id: from.user.id,
          to_user_id: to.user.id,
          amount,
          currency,
          group_id: groupId,
        });
      }
      const left = await request(ctx.app, dan, 'POST', `/api/groups/${groupId}/leave`);
      expect(left.statusCode, left.body).toBe(200);
      // Outside any group: Ana paid 30.00 for herself and Eve; Eve's 20.00 naming Ana, which Ana declines.
      await spend(ana, {
        groupId: null,
        category: 'utilities',
        date: '2025-03-20T12:00:00Z',
        paid: [[ana, 3000]],
        shares: [
          [ana, 1000],
          [eve, 2000],
        ],
      });
      const declined = await spend(eve, {
        groupId: null,
        category: 'dining',
        date: '2025-03-21T12:00:00Z',
        paid: [[eve, 2000]],
        shares: [
          [ana, 1000],
          [eve, 1000],
        ],
      });
      const no = await request(ctx.app, ana, 'POST', `/api/expenses/decline/${declined}`);
      expect(no.statusCode, no.body).toBe(200);
    });

    it("a group's figures per currency: by category, by month (a month without expenses at 0), by person (a former member too)", async () => {
      const stats = await groupStats(ben, groupId, '?time_zone=Europe/Prague');
      expect(stats).toMatchObject({ scope: 'group', from: null, to: null, time_zone: 'Europe/Prague' });
      expect(stats.currencies.map((c: Json) => c.currency)).toEqual(['EUR', 'USD']);
      const [eur, usd] = stats.currencies;
      expect(eur).toMatchObject({ expense_count: 3, total_minor: 14500, by_group: [] });
      expect(eur.by_category).toEqual([
        { category: 'dining', amount_minor: 9000, expense_count: 1 },
        { category: 'groceries', amount_minor: 5500, expense_count: 2 },
      ]);
      expect(eur.by_month).toEqual([
        { month: '2025-01', amount_minor: 13000 },
        { month: '2025-02', amount_minor: 0 },
        { month: '2025-03', amount_minor: 1500 },
      ]);
      expect(eur.by_person.map(person)).toEqual([
        ['Ana', 6000, 3500],
        ['Ben', 4500, 3500],
        ['Cyd', 4000, 5000],
        ['Dan', 0, 2500],
      ]);
      expect(eur.by_person.find((p: Json) => p.user.display_name === 'Dan').user.id).toBe(dan.user.id);
      expect(usd).toMatchObject({
        currency: 'USD',
        expense_count: 1,
        total_minor: 2500,
        by_category: [{ category: 'travel', amount_minor: 2500, expense_count: 1 }],
        by_month: [{ month: '2025-02', amount_minor: 2500 }],
      });
      expect(usd.by_person.map(person)).toEqual([
        ['Dan', 2500, 1500],
        ['Ana', 0, 1000],
      ]);
    });

    it('months follow the time zone: UTC is the default, and there 23:30 in Prague on 31 January is still January', async () => {
      const utc = await groupStats(ana, groupId);
      expect(utc.time_zone).toBe('UTC');
      expect(utc.currencies[0].by_month).toEqual([
        { month: '2025-01', amount_minor: 13000 },
        { month: '2025-02', amount_minor: 0 },
        { month: '2025-03', amount_minor: 1500 },
      ]);
      const tokyo = await groupStats(ana, groupId, '?time_zone=Asia/Tokyo');
      // 22:30 UTC on 31 January is 07:30 on 1 February in Tokyo.
      expect(tokyo.currencies[0].by_month).toEqual([
        { month: '2025-01', amount_minor: 9000 },
        { month: '2025-02', amount_minor: 4000 },
        { month: '2025-03', amount_minor: 1500 },
      ]);
    });

    it('behind UTC too: 23:30 in New York on 31 January belongs to January and to a period ending that day', async () => {
      const nyGroup: Json = await ok(ctx.app, ben, 'createGroup', 'POST', '/api/groups', {
        name: 'Trip',
        currency: 'EUR',
        members: [{ email: cyd.email }],
      });
      // 04:30 UTC on 1 February.
      await spend(ben, {
        groupId: nyGroup.id,
        date: '2025-02-01T04:30:00Z',
        paid: [[ben, 700]],
        shares: [
          [ben, 350],
          [cyd, 350],
        ],
      });
      const ny = '&time_zone=America/New_York';
      const months = async (query: string) =>
        (await groupStats(cyd, nyGroup.id, query)).currencies.flatMap((c: Json) => c.by_month);
      expect(await months(`?${ny}`)).toEqual([{ month: '2025-01', amount_minor: 700 }]);
      expect(await months('')).toEqual([{ month: '2025-02', amount_minor: 700 }]);
      expect(await months(`?from=2025-01-31&to=2025-01-31${ny}`)).toEqual([
        { month: '2025-01', amount_minor: 700 },
      ]);
      expect(await months(`?from=2025-02-01${ny}`)).toEqual([]);
      expect(await months('?from=2025-02-01')).toEqual([{ month: '2025-02', amount_minor: 700 }]);
    });

    it('a period counts whole days in the zone, both ends included', async () => {
      const prague = '&time_zone=Europe/Prague';
      const ends = await groupStats(ana, groupId, `?from=2025-01-10&to=2025-03-05${prague}`);
      expect(ends).toMatchObject({ from: '2025-01-10', to: '2025-03-05' });
      expect(ends.currencies[0]).toMatchObject({ currency: 'EUR', expense_count: 3, total_minor: 14500 });
      const inside = await groupStats(ana, groupId, `?from=2025-01-11&to=2025-03-04${prague}`);
      expect(inside.currencies.map((c: Json) => [c.currency, c.total_minor])).toEqual([
        ['EUR', 4000],
        ['USD', 2500],
      ]);
      const lastDay = await groupStats(ana, groupId, `?from=2025-01-31&to=2025-01-31${prague}`);
      expect(lastDay.currencies.map((c: Json) => [c.currency, c.total_minor, c.by_month])).toEqual([
        ['EUR', 4000, [{ month: '2025-01', amount_minor: 4000 }]],
      ]);
      const tokyoFirst = await groupStats(
        ana,
        groupId,
        '?from=2025-02-01&to=2025-02-01&time_zone=Asia/Tokyo',
      );
      expect(tokyoFirst.currencies.map((c: Json) => [c.currency, c.total_minor])).toEqual([['EUR', 4000]]);
      const openEnd = await groupStats(ana, groupId, `?from=2025-02-01${prague}`);
      expect(openEnd.currencies.map((c: Json) => [c.currency, c.total_minor])).toEqual([
        ['EUR', 1500],
        ['USD', 2500],
      ]);
      const openStart = await groupStats(ana, groupId, `?to=2025-01-31${prague}`);
      expect(openStart.currencies.map((c: Json) => [c.currency, c.total_minor])).toEqual([['EUR', 13000]]);
      const empty = await groupStats(ana, groupId, '?from=2024-01-01&to=2024-12-31');
      expect(empty.currencies).toEqual([]);
    });

    it("a person's figures: their shares, paid against share, per group and outside any; declined and deleted left out", async () => {
      const stats = await myStats(ana, '?time_zone=Europe/Prague');
      expect(stats).toMatchObject({ scope: 'person', from: null, to: null, time_zone: 'Europe/Prague' });
      const [eur, usd] = stats.currencies;
      expect(eur).toMatchObject({ currency: 'EUR', expense_count: 3, total_minor: 4500 });
      expect(eur.by_category).toEqual([
        { category: 'dining', amount_minor: 3000, expense_count: 1 },
        { category: 'utilities', amount_minor: 1000, expense_count: 1 },
        { category: 'groceries', amount_minor: 500, expense_count: 1 },
      ]);
      expect(eur.by_month).toEqual([
        { month: '2025-01', amount_minor: 3000 },
        { month: '2025-02', amount_minor: 0 },
        { month: '2025-03', amount_minor: 1500 },
      ]);
      expect(eur.by_person).toEqual([
        { user: { id: ana.user.id, display_name: 'Ana' }, paid_minor: 9000, share_minor: 4500 },
      ]);
      expect(eur.by_group).toEqual([
        { group_id: groupId, name: 'Flat', paid_minor: 6000, share_minor: 3500 },
        { group_id: null, name: null, paid_minor: 3000, share_minor: 1000 },
      ]);
      expect(usd).toMatchObject({ currency: 'USD', expense_count: 1, total_minor: 1000 });
      expect(usd.by_group).toEqual([{ group_id: groupId, name: 'Flat', paid_minor: 0, share_minor: 1000 }]);
      expect(names(usd.by_person)).toEqual(['Ana']);
    });

    it("a former member's own figures still count the group they were in; a declined expense counts for nobody", async () => {
      const stats = await myStats(dan);
      expect(stats.currencies.map((c: Json) => [c.currency, c.expense_count, c.total_minor])).toEqual([
        ['EUR', 2, 2500],
        ['USD', 1, 1500],
      ]);
      expect(stats.currencies[0].by_group).toEqual([
        { group_id: groupId, name: 'Flat', paid_minor: 0, share_minor: 2500 },
      ]);
      const eve2 = await myStats(eve, '?from=2025-03-21&to=2025-03-21');
      // Eve's own expense was declined by Ana: it counts for nobody.
      expect(eve2.currencies).toEqual([]);
    });

    it('refuses a bad period and an unknown time zone with a 400 on the field', async () => {
      for (const url of [`/api/groups/${groupId}/statistics`, '/api/statistics']) {
        const before = await refusal(ana, `${url}?from=2025-03-02&to=2025-03-01`, 400);
        expect(before.errors).toEqual([{ field: 'to', message: PERIOD_END_BEFORE_START }]);
        expect(before.message).toBe(PERIOD_END_BEFORE_START);
        const zone = await refusal(ana, `${url}?time_zone=Mars/Olympus`, 400);
        expect(zone.errors).toEqual([{ field: 'time_zone', message: TIME_ZONE_UNKNOWN }]);
        for (const bad of ['from=2025-02-30', 'to=yesterday', 'from=2025-1-1']) {
          const day = await refusal(ana, `${url}?${bad}`, 400);
          expect(day.errors.map((e: Json) => e.field)).toEqual([bad.split('=')[0]]);
        }
      }
    });

    it('a group answers its members only: 404 for a stranger, a former member and an unknown group; 401 signed out', async () => {
      await refusal(eve, `/api/groups/${groupId}/statistics`, 404);
      await refusal(dan, `/api/groups/${groupId}/statistics`, 404);
      await refusal(ana, `/api/groups/${crypto.randomUUID()}/statistics`, 404);
      await refusal(null, `/api/groups/${groupId}/statistics`, 401);
      await refusal(null, '/api/statistics', 401);
    });

    it('each statement probes indexes in its generic plan', async () => {
      await ctx.db.transaction(async (tx) => {
        await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
        for (const [name, sql] of Object.entries(STATISTICS_STATEMENTS)) {
          await tx.query(`PREPARE statistics_${name} AS ${sql}`);
          const months = name.endsWith('Figures') ? `, ARRAY['2025-01-01T00:00:00Z']::timestamptz[]` : '';
          const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN EXECUTE statistics_${name}(gen_random_uuid(), '-infinity', 'infinity'${months})`,
          );
          const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
          expect(plan, plan).not.toMatch(/Seq Scan on (expenses|expense_splits|expense_payers)/);
          await tx.query(`DEALLOCATE statistics_${name}`);
        }
      });
    });

    it('per currency, what people paid, their shares, the categories and the months each add up to the total', async () => {
      const crew = [ana, ben, cyd];
      const expense = fc.record({
        currency: fc.constantFrom('EUR', 'USD', 'JPY'),
        category: fc.constantFrom('dining', 'groceries', 'travel'),
        date: fc.date({
          min: new Date('2024-06-01T00:00:00Z'),
          max: new Date('2025-06-30T00:00:00Z'),
          noInvalidDate: true,
        }),
        paid: fc
          .subarray([0, 1, 2], { minLength: 1 })
          .chain((who) =>
            fc.tuple(
              fc.constant(who),
              fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: who.length, maxLength: who.length }),
            ),
          ),
        shareMask: fc.subarray([0, 1, 2], { minLength: 1 }),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.array(expense, { minLength: 1, maxLength: 6 }),
          fc.constantFrom('UTC', 'Europe/Prague', 'Pacific/Kiritimati'),
          async (list, zone) => {
            const group: Json = await ok(ctx.app, ana, 'createGroup', 'POST', '/api/groups', {
              name: 'Random',
              currency: 'EUR',
              members: [ben, cyd].map((p) => ({ email: p.email })),
            });
            for (const e of list) {
              const [who, amounts] = e.paid;
              const total = sumMinor(amounts);
              const shared = e.shareMask;
              const each = Math.floor(total / shared.length);
              const shares = shared.map(
                (i, k) =>
                  [crew[i] as Person, k === 0 ? total - each * (shared.length - 1) : each] as [
                    Person,
                    number,
                  ],
              );
              await spend(ana, {
                groupId: group.id,
                currency: e.currency,
                category: e.category,
                date: e.date.toISOString(),
                paid: who.map((i, k) => [crew[i] as Person, amounts[k] as number]),
                shares,
              });
            }
            const stats = await groupStats(ana, group.id, `?time_zone=${zone}`);
            for (const c of stats.currencies) {
              const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
              expect(sum(c.by_person.map((p: Json) => p.paid_minor))).toBe(c.total_minor);
              expect(sum(c.by_person.map((p: Json) => p.share_minor))).toBe(c.total_minor);
              expect(sum(c.by_category.map((p: Json) => p.amount_minor))).toBe(c.total_minor);
              expect(sum(c.by_month.map((p: Json) => p.amount_minor))).toBe(c.total_minor);
              expect(sum(c.by_category.map((p: Json) => p.expense_count))).toBe(c.expense_count);
              expect(c.total_minor).toBe(
                sumMinor(list.filter((e) => e.currency === c.currency).map((e) => sumMinor(e.paid[1]))),
              );
            }
            expect(sumMinor(stats.currencies.map((c: Json) => c.expense_count))).toBe(list.length);
          },
        ),
        { numRuns: 12 },
      );
    });
  });
}
