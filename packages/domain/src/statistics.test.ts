import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_INVALID, startOfDayIn, TIME_ZONE_UNKNOWN } from './recurrence';
import {
  byCategoryOrder,
  byCurrencyOrder,
  byGroupOrder,
  byPersonOrder,
  fillMonths,
  monthInZone,
  monthStartIn,
  monthsFrom,
  PERIOD_END_BEFORE_START,
  periodErrors,
  periodInstants,
} from './statistics';

describe('statistics period', () => {
  it('accepts an open period, one day, and a period in a zone', () => {
    expect(periodErrors({})).toEqual({});
    expect(periodErrors({ from: '2026-03-01', to: '2026-03-01', time_zone: 'Europe/Prague' })).toEqual({});
    expect(periodErrors({ from: '2026-03-01', to: null })).toEqual({});
  });

  it('refuses an end before the start, an unknown zone and days that are not days', () => {
    expect(periodErrors({ from: '2026-03-02', to: '2026-03-01' })).toEqual({ to: PERIOD_END_BEFORE_START });
    expect(periodErrors({ time_zone: 'Mars/Olympus' })).toEqual({ time_zone: TIME_ZONE_UNKNOWN });
    expect(periodErrors({ from: '2026-02-30', to: '2026-13-01' })).toEqual({
      from: DAY_INVALID,
      to: DAY_INVALID,
    });
  });

  it('covers whole days in the zone: the start of `from` to the start of the day after `to`', () => {
    const { start, end } = periodInstants({ from: '2026-01-01', to: '2026-01-31' }, 'Europe/Prague');
    expect(start?.toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(end?.toISOString()).toBe('2026-01-31T23:00:00.000Z');
    expect(periodInstants({}, 'UTC')).toEqual({ start: null, end: null });
  });

  it('takes any day a date format takes: before 1900 or in 9999 it covers the same expenses as the nearest day handled', () => {
    const { start, end } = periodInstants({ from: '0000-01-01', to: '9999-12-31' }, 'Pacific/Kiritimati');
    expect(start?.getTime()).toBeLessThan(Date.UTC(1900, 0, 1));
    expect(end?.getTime()).toBeGreaterThan(Date.UTC(9999, 11, 30));
    const early = periodInstants({ from: '0050-01-01', to: '0050-12-31' }, 'Etc/GMT+12');
    expect(early.end?.getTime()).toBeLessThanOrEqual(Date.UTC(1900, 0, 1));
  });
});

describe('statistics months', () => {
  it('names the month of an instant in the zone: 23:30 on the 31st in Prague is still January', () => {
    const late = new Date('2026-01-31T22:30:00Z');
    expect(monthInZone(late, 'Europe/Prague')).toBe('2026-01');
    expect(monthInZone(new Date('2026-01-31T23:30:00Z'), 'Europe/Prague')).toBe('2026-02');
  });

  it('lists every month between two, across years', () => {
    expect(monthsFrom('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsFrom('2026-02', '2026-02')).toEqual(['2026-02']);
    expect(monthsFrom('2026-03', '2026-02')).toEqual([]);
  });

  it('fills the months without an expense with 0, from the first to the last', () => {
    expect(
      fillMonths([
        { month: '2026-03', amount_minor: 500 },
        { month: '2026-01', amount_minor: 1200 },
      ]),
    ).toEqual([
      { month: '2026-01', amount_minor: 1200 },
      { month: '2026-02', amount_minor: 0 },
      { month: '2026-03', amount_minor: 500 },
    ]);
    expect(fillMonths([])).toEqual([]);
  });

  it('starts a month where startOfDayIn starts its first day, in any zone and year', () => {
    const zones = [
      'UTC',
      'Europe/Prague',
      'America/Sao_Paulo',
      'Asia/Kathmandu',
      'Pacific/Apia',
      'America/Havana',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2030 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(...zones),
        (y, m, zone) => {
          const month = `${y}-${String(m).padStart(2, '0')}`;
          expect(monthStartIn(month, zone).toISOString()).toBe(
            startOfDayIn(`${month}-01`, zone).toISOString(),
          );
        },
      ),
    );
  });
});

describe('statistics order', () => {
  it('puts the largest category first, ties by name', () => {
    const rows = [
      { category: 'travel', amount_minor: 100 },
      { category: 'dining', amount_minor: 300 },
      { category: 'bills', amount_minor: 100 },
    ];
    expect(rows.sort(byCategoryOrder).map((r) => r.category)).toEqual(['dining', 'bills', 'travel']);
  });

  it('puts who paid most first, then the largest share, then by name', () => {
    const person = (name: string, paid: number, share: number) => ({
      user: { id: name.toLowerCase(), display_name: name },
      paid_minor: paid,
      share_minor: share,
    });
    const rows = [person('Cyd', 0, 300), person('Ben', 0, 500), person('Ana', 800, 0), person('Abe', 0, 300)];
    expect(rows.sort(byPersonOrder).map((r) => r.user.display_name)).toEqual(['Ana', 'Ben', 'Abe', 'Cyd']);
  });

  it('puts the largest share of a group first, outside any group last among equals', () => {
    const rows = [
      { group_id: null, name: null, paid_minor: 0, share_minor: 100 },
      { group_id: 'g2', name: 'Trip', paid_minor: 0, share_minor: 100 },
      { group_id: 'g1', name: 'Flat', paid_minor: 0, share_minor: 900 },
    ];
    expect(rows.sort(byGroupOrder).map((r) => r.name)).toEqual(['Flat', 'Trip', null]);
  });

  it('puts the currency with most expenses first, ties by code', () => {
    const rows = [
      { currency: 'USD', expense_count: 2 },
      { currency: 'CZK', expense_count: 5 },
      { currency: 'EUR', expense_count: 2 },
    ];
    expect(rows.sort(byCurrencyOrder).map((r) => r.currency)).toEqual(['CZK', 'EUR', 'USD']);
  });
});
