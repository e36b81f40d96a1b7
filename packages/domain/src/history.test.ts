import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupSettlementsByDay, historyDayLabel } from './history';

// Thursday, November 5, 2026, 15:00 in Prague (14:00 UTC).
const now = new Date('2026-11-05T14:00:00Z');
const prague = { now, timeZone: 'Europe/Prague' };

describe('historyDayLabel', () => {
  it('today and yesterday', () => {
    expect(historyDayLabel(new Date('2026-11-05T00:30:00+01:00'), prague)).toBe('Today');
    expect(historyDayLabel(new Date('2026-11-04T23:59:00+01:00'), prague)).toBe('Yesterday');
  });

  it('the weekday name within the current week (weeks start on Sunday)', () => {
    expect(historyDayLabel(new Date('2026-11-03T10:00:00+01:00'), prague)).toBe('Tuesday');
    expect(historyDayLabel(new Date('2026-11-01T10:00:00+01:00'), prague)).toBe('Sunday');
    expect(historyDayLabel(new Date('2026-11-07T10:00:00+01:00'), prague)).toBe('Saturday');
  });

  it('a long date before the current week', () => {
    expect(historyDayLabel(new Date('2026-10-31T10:00:00+01:00'), prague)).toBe('Saturday, October 31, 2026');
    expect(
      historyDayLabel(new Date('2026-11-02T10:00:00+01:00'), { now: new Date('2026-11-20T12:00:00Z') }),
    ).toBe('Monday, November 2, 2026');
  });

  it('with weeks starting on Monday, last Sunday is a long date', () => {
    expect(historyDayLabel(new Date('2026-11-01T10:00:00+01:00'), { ...prague, weekStartsOn: 1 })).toBe(
      'Sunday, November 1, 2026',
    );
  });

  it('the day is taken in the given time zone', () => {
    // 23:30 UTC on Nov 4 is already Nov 5 in Prague, still Nov 4 in New York.
    const late = new Date('2026-11-04T23:30:00Z');
    expect(historyDayLabel(late, prague)).toBe('Today');
    expect(historyDayLabel(late, { now, timeZone: 'America/New_York' })).toBe('Yesterday');
  });

  it('other locales name the weekday in their language', () => {
    expect(historyDayLabel(new Date('2026-11-03T10:00:00+01:00'), { ...prague, locale: 'cs-CZ' })).toBe(
      'úterý',
    );
  });
});

describe('groupSettlementsByDay', () => {
  it('groups by day, newest day first and newest first within a day', () => {
    const s = (id: string, settlement_date: string) => ({ id, settlement_date });
    const days = groupSettlementsByDay(
      [
        s('a', '2026-11-05T08:00:00+01:00'),
        s('b', '2026-10-20T08:00:00+01:00'),
        s('c', '2026-11-05T12:00:00+01:00'),
        s('d', '2026-11-04T09:00:00+01:00'),
      ],
      prague,
    );
    expect(days.map((d) => [d.day, d.label, d.settlements.map((x) => x.id)])).toEqual([
      ['2026-11-05', 'Today', ['c', 'a']],
      ['2026-11-04', 'Yesterday', ['d']],
      ['2026-10-20', 'Tuesday, October 20, 2026', ['b']],
    ]);
  });

  it('falls back to date, then created_at; undated settlements come last under "Unknown date"', () => {
    const days = groupSettlementsByDay(
      [
        { id: 'x' },
        { id: 'y', created_at: '2026-11-05T10:00:00Z' },
        { id: 'z', date: '2026-11-04T10:00:00Z' },
      ],
      prague,
    );
    expect(days.map((d) => [d.label, d.settlements.map((x) => x.id)])).toEqual([
      ['Today', ['y']],
      ['Yesterday', ['z']],
      ['Unknown date', ['x']],
    ]);
  });

  it('every settlement appears in exactly one group, days strictly newest first', () => {
    const arb = fc.array(
      fc.record({
        id: fc.uuid(),
        settlement_date: fc.oneof(
          fc
            .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) })
            .map((ms) => new Date(ms).toISOString()),
          fc.constant('not a date'),
        ),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, fc.constantFrom('UTC', 'Europe/Prague', 'Pacific/Auckland'), (list, timeZone) => {
        const days = groupSettlementsByDay(list, { now, timeZone });
        const flat = days.flatMap((d) => d.settlements);
        expect(flat.length).toBe(list.length);
        expect(new Set(flat)).toEqual(new Set(list));
        const dated = days.filter((d) => d.day !== 'unknown').map((d) => d.day);
        expect([...dated].sort().reverse()).toEqual(dated);
        expect(new Set(dated).size).toBe(dated.length);
        for (const d of days) {
          const times = d.settlements.map((x) => Date.parse(x.settlement_date));
          for (let i = 1; i < times.length; i++)
            if (!Number.isNaN(times[i]!)) expect(times[i - 1]).toBeGreaterThanOrEqual(times[i]!);
        }
      }),
    );
  });
});
