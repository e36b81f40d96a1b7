import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activityBanner,
  activityEmptyText,
  activityTitle,
  buildActivity,
  compareActivity,
  earlierExpensesStillCounting,
  earlierStillCountingText,
  type ExpenseEffect,
  expenseIdForNavigation,
  previousExpensesToggleLabel,
} from './activity';

interface E {
  id?: unknown;
  type?: unknown;
  date?: string;
  created_at?: string;
  description?: string;
}
interface S {
  id?: unknown;
  type?: unknown;
  settlement_date?: string;
  created_at?: string;
}

const day = (d: number, h = 12) => new Date(Date.UTC(2026, 10, d, h)).toISOString();
const expense = (id: string, d: number, recorded = d): E => ({ id, date: day(d), created_at: day(recorded) });
const settlement = (id: string, d: number): S => ({ id, settlement_date: day(d), created_at: day(d) });
const keys = (view: { items: { key: string }[] }) => view.items.map((i) => i.key);

describe('activity titles, banners, labels', () => {
  it('title depends on settlements and settled state', () => {
    expect(activityTitle({ hasSettlements: false, settled: false })).toBe('Group Activity');
    expect(activityTitle({ hasSettlements: false, settled: true })).toBe('Group Activity');
    expect(activityTitle({ hasSettlements: true, settled: false })).toBe('Activity Since Settlement');
    expect(activityTitle({ hasSettlements: true, settled: true })).toBe('Recent Activity');
  });

  it('banner: settled, after a settlement, or none', () => {
    expect(activityBanner({ hasSettlements: true, settled: true })).toEqual({
      title: 'This group is all settled up!',
      note: 'All balances are zero. Only recent settlements are shown below.',
    });
    expect(activityBanner({ hasSettlements: true, settled: false })).toEqual({
      title: 'Recent activity since last settlement',
      note: 'Showing expenses after the most recent settlement.',
    });
    expect(activityBanner({ hasSettlements: false, settled: true })).toBeNull();
  });

  it('toggle label and empty texts', () => {
    expect(previousExpensesToggleLabel(false)).toBe('Show previous expenses');
    expect(previousExpensesToggleLabel(true)).toBe('Hide previous expenses');
    expect(activityEmptyText({ hasSettlements: false, settled: false })).toBe(
      'No expenses in this group yet.',
    );
    expect(activityEmptyText({ hasSettlements: true, settled: true })).toBe(
      'No recent activity in this settled group.',
    );
  });

  it('the expense- prefix is removed for navigation', () => {
    expect(expenseIdForNavigation('expense-42')).toBe('42');
    expect(expenseIdForNavigation('42')).toBe('42');
    expect(expenseIdForNavigation(7)).toBe('7');
  });
});

describe('buildActivity', () => {
  it('without settlements shows every expense newest first, no toggle', () => {
    const view = buildActivity<E, S>({
      expenses: [expense('a', 1), expense('c', 3), expense('b', 2)],
      settlements: [],
      settled: false,
    });
    expect(view.title).toBe('Group Activity');
    expect(view.banner).toBeNull();
    expect(keys(view)).toEqual(['expense-c', 'expense-b', 'expense-a']);
    expect(view.showPreviousToggle).toBe(false);
    expect(view.toggleLabel).toBeNull();
    expect(view.emptyText).toBeNull();
  });

  it('an empty group reads "No expenses in this group yet."', () => {
    const view = buildActivity<E, S>({ expenses: [], settlements: [], settled: true });
    expect(view.items).toEqual([]);
    expect(view.emptyText).toBe('No expenses in this group yet.');
  });

  it('after a settlement, shows it with the later expenses flagged; older ones behind the toggle', () => {
    const input = {
      expenses: [expense('old', 1), expense('new', 5)],
      settlements: [settlement('s1', 2), settlement('s2', 3)],
      settled: false,
    };
    const view = buildActivity<E, S>(input);
    expect(view.title).toBe('Activity Since Settlement');
    expect(view.banner?.title).toBe('Recent activity since last settlement');
    expect(keys(view)).toEqual(['expense-new', 'settlement-s2']);
    expect(view.items[0]).toMatchObject({ kind: 'expense', afterSettlement: true });
    expect(view.items[1]).toMatchObject({ kind: 'settlement', latest: true });
    expect(view.showPreviousToggle).toBe(true);
    expect(view.toggleLabel).toBe('Show previous expenses');

    const all = buildActivity<E, S>({ ...input, showPrevious: true });
    expect(keys(all)).toEqual(['expense-new', 'settlement-s2', 'expense-old']);
    expect(all.items[2]).toMatchObject({ afterSettlement: false });
    expect(all.toggleLabel).toBe('Hide previous expenses');
  });

  it('no toggle when no expense predates the latest settlement', () => {
    const view = buildActivity<E, S>({
      expenses: [expense('x', 5)],
      settlements: [settlement('s', 2)],
      settled: false,
    });
    expect(view.showPreviousToggle).toBe(false);
    expect(view.toggleLabel).toBeNull();
  });

  it('an expense back-dated before the settlement but recorded after it still counts as new', () => {
    const view = buildActivity<E, S>({
      expenses: [expense('late', 1, 6)],
      settlements: [settlement('s', 4)],
      settled: false,
    });
    expect(keys(view)).toEqual(['settlement-s', 'expense-late']);
    expect(view.items[1]).toMatchObject({ afterSettlement: true });
  });

  it('settled: only the recent settlements, previous expenses behind the toggle', () => {
    const input = {
      expenses: [expense('e1', 1), expense('e2', 4)],
      settlements: [settlement('old', 2), settlement('s1', 5), settlement('s2', 6)],
      settled: true,
    };
    const view = buildActivity<E, S>(input);
    expect(view.title).toBe('Recent Activity');
    expect(view.banner?.title).toBe('This group is all settled up!');
    expect(keys(view)).toEqual(['settlement-s2', 'settlement-s1']);
    expect(view.toggleLabel).toBe('Show previous expenses');
    expect(keys(buildActivity<E, S>({ ...input, showPrevious: true }))).toEqual([
      'settlement-s2',
      'settlement-s1',
      'expense-e2',
      'expense-e1',
    ]);
  });

  it('items without a usable id or of an unknown type are skipped; duplicates shown once', () => {
    const view = buildActivity<E, S>({
      expenses: [
        expense('ok', 1),
        { ...expense('', 2) },
        { date: day(3) },
        { ...expense('n', 3), id: null },
        { ...expense('t', 4), type: 'transfer' },
        { ...expense('expense-ok', 1) },
        { ...expense('prefixed', 2), id: 'expense-9', type: 'expense' },
      ],
      settlements: [{ ...settlement('q', 5), type: 'payment' }],
      settled: false,
    });
    expect(keys(view)).toEqual(['expense-9', 'expense-ok']);
    expect(view.items[0]?.id).toBe('9');
    expect(view.hasSettlements).toBe(false);
  });

  it('ties on dates are broken by created_at, then id', () => {
    const same = day(3);
    const view = buildActivity<E, S>({
      expenses: [
        { id: 'a', date: same, created_at: day(3, 8) },
        { id: 'b', date: same, created_at: day(3, 9) },
        { id: 'c', date: same, created_at: day(3, 9) },
      ],
      settlements: [],
      settled: false,
    });
    expect(keys(view)).toEqual(['expense-c', 'expense-b', 'expense-a']);
  });
});

const isoArb = fc
  .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) })
  .map((ms) => new Date(ms - (ms % 3_600_000)).toISOString());
const expenseArb = fc.record({
  id: fc.oneof(fc.stringMatching(/^[a-f0-9]{1,3}$/), fc.constant(''), fc.constant(null)),
  date: isoArb,
  created_at: isoArb,
});
const settlementArb = fc.record({
  id: fc.stringMatching(/^[a-f0-9]{1,3}$/),
  settlement_date: isoArb,
  created_at: isoArb,
});
const inputArb = fc.record({
  expenses: fc.array(expenseArb, { maxLength: 12 }),
  settlements: fc.array(settlementArb, { maxLength: 4 }),
  settled: fc.boolean(),
  showPrevious: fc.boolean(),
});

describe('earlier expenses that still count toward balances', () => {
  // alice paid dinner 30.00 for alice and bob; carol paid taxi 8.00 for carol and dave.
  const effects: Record<string, ExpenseEffect> = {
    dinner: { currency: 'EUR', nets: { alice: 1500, bob: -1500 } },
    taxi: { currency: 'EUR', nets: { carol: 400, dave: -400 } },
    lunch: { currency: 'EUR', nets: { bob: 1000, alice: -1000 } },
    sushi: { currency: 'JPY', nets: { alice: 500, bob: -500 } },
  };
  const effectOf = (e: E) => effects[String(e.id)] ?? null;
  const ids = (list: E[] | null) => list?.map((e) => e.id) ?? null;

  it('a partial payment leaves the expense it paid toward counting; a fully repaid pair does not count', () => {
    // Bob paid Alice 5.00 (partial), Dave paid Carol 4.00 (all): now bob -10.00, alice +10.00.
    const now = { EUR: { alice: 1000, bob: -1000, carol: 0, dave: 0 } };
    const earlier = [expense('dinner', 1), expense('taxi', 2)];
    expect(ids(earlierExpensesStillCounting(earlier, [], now, effectOf))).toEqual(['dinner']);
  });

  it('nothing counts when everyone stood at zero right after the latest settlement, whatever came later', () => {
    // Bob repaid all 15.00; then bob paid lunch 20.00 for bob and alice: now bob +10.00, alice -10.00.
    const now = { EUR: { alice: -1000, bob: 1000 } };
    expect(
      earlierExpensesStillCounting([expense('dinner', 1)], [expense('lunch', 5)], now, effectOf),
    ).toEqual([]);
  });

  it('judges each expense in its own currency: yen still owed keep the yen expense counting', () => {
    const now = { EUR: { alice: 0, bob: 0 }, JPY: { alice: 500, bob: -500 } };
    const earlier = [expense('dinner', 1), expense('sushi', 2)];
    expect(ids(earlierExpensesStillCounting(earlier, [], now, effectOf))).toEqual(['sushi']);
  });

  it('cannot tell (null) when an expense cannot be read', () => {
    expect(earlierExpensesStillCounting([expense('unknown', 1)], [], {}, effectOf)).toBeNull();
  });

  it('buildActivity counts them only while they are hidden, and says so in words', () => {
    const input = {
      expenses: [expense('dinner', 1), expense('taxi', 2)],
      settlements: [settlement('s1', 3)],
      settled: false,
      balancesNow: { EUR: { alice: 1000, bob: -1000, carol: 400, dave: -400 } },
      effectOf,
    };
    expect(buildActivity(input).earlierStillCounting).toBe(2);
    expect(buildActivity({ ...input, showPrevious: true }).earlierStillCounting).toBe(0);
    expect(buildActivity({ ...input, balancesNow: undefined }).earlierStillCounting).toBe(0);
    expect(earlierStillCountingText(2)).toBe('2 earlier expenses still count toward balances');
    expect(earlierStillCountingText(1)).toBe('1 earlier expense still counts toward balances');
  });
});

describe('buildActivity properties', () => {
  it('the list is always newest first with unique keys', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { items } = buildActivity<E, S>(input);
        for (let i = 1; i < items.length; i++) {
          expect(items[i - 1]!.shownAt).toBeGreaterThanOrEqual(items[i]!.shownAt);
          expect(compareActivity(items[i - 1]!, items[i]!)).toBeLessThan(0);
        }
        expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
      }),
    );
  });

  it('an expense recorded after the latest settlement is never hidden; showing previous shows every expense', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const view = buildActivity<E, S>(input);
        const all = buildActivity<E, S>({ ...input, showPrevious: true });
        const usable = new Set(
          input.expenses.filter((e) => typeof e.id === 'string' && e.id !== '').map((e) => `expense-${e.id}`),
        );
        const allExpenses = all.items.filter((i) => i.kind === 'expense').map((i) => i.key);
        expect(new Set(allExpenses)).toEqual(usable);
        const shown = new Set(keys(view));
        for (const item of all.items)
          if (item.kind === 'expense' && item.afterSettlement) expect(shown.has(item.key)).toBe(true);
        if (!view.hasSettlements) expect(view.items.length).toBe(usable.size);
      }),
    );
  });

  it('after a settlement, exactly one visible settlement is marked latest', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const view = buildActivity<E, S>(input);
        const latest = view.items.filter((i) => i.kind === 'settlement' && i.latest);
        expect(latest.length).toBe(view.hasSettlements ? 1 : 0);
        expect(view.emptyText === null).toBe(view.items.length > 0);
      }),
    );
  });
});
