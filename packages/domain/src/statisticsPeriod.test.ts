import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthLabel, percentText, presetRange, tenthsOfPercent } from './statisticsPeriod';

describe('presetRange', () => {
  it('covers the whole calendar month for This month, February of a leap year included', () => {
    expect(presetRange('this_month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('this_month', '2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('covers this month and the two before for Last 3 months, across a new year', () => {
    expect(presetRange('last_3_months', '2027-01-15')).toEqual({ from: '2026-11-01', to: '2027-01-31' });
    expect(presetRange('last_3_months', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });

  it('covers the calendar year for This year and leaves All time open', () => {
    expect(presetRange('this_year', '2026-06-01')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetRange('all', '2026-06-01')).toEqual({});
  });

  it('takes a custom period as given, each end optional', () => {
    expect(presetRange('custom', '2026-06-01', { from: '2025-01-05', to: '' })).toEqual({
      from: '2025-01-05',
    });
    expect(presetRange('custom', '2026-06-01', { to: '2025-02-01' })).toEqual({ to: '2025-02-01' });
  });

  it('refuses a today that is not a day', () => {
    expect(() => presetRange('this_month', '2026-02-30')).toThrow(RangeError);
  });
});

describe('tenthsOfPercent', () => {
  it('gives shares that add up to exactly 100%', () => {
    expect(tenthsOfPercent([1, 1, 1])).toEqual([334, 333, 333]);
    expect(tenthsOfPercent([7500, 2500])).toEqual([750, 250]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e12 }), { minLength: 1, maxLength: 20 }), (amounts) => {
        const parts = tenthsOfPercent(amounts);
        const sum = parts.reduce((a, b) => a + b, 0);
        expect(sum).toBe(amounts.some((a) => a > 0) ? 1000 : 0);
      }),
    );
  });

  it('gives zeros when nothing was spent', () => {
    expect(tenthsOfPercent([0, 0])).toEqual([0, 0]);
    expect(tenthsOfPercent([])).toEqual([]);
  });

  it('writes tenths as a percentage', () => {
    expect(percentText(425)).toBe('42.5%');
    expect(percentText(1000)).toBe('100%');
    expect(percentText(0)).toBe('0%');
    expect(percentText(3)).toBe('0.3%');
  });
});

describe('monthLabel', () => {
  it('names a YYYY-MM month, short or long, and leaves anything else as given', () => {
    expect(monthLabel('2026-03')).toBe('March 2026');
    expect(monthLabel('2026-12', 'short')).toBe('Dec 2026');
    expect(monthLabel('2026-13')).toBe('2026-13');
  });
});
