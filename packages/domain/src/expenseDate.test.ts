import { afterAll, describe, expect, it } from 'vitest';
import { formatShortDate } from './dates';
import {
  DATE_INVALID,
  DATE_TOO_EARLY,
  DATE_TOO_LATE,
  dayToDate,
  expenseDateError,
  localDay,
} from './expenseDate';

const originalZone = process.env.TZ;
afterAll(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

// Zones with negative, half-hour and 45-minute offsets and daylight saving on either hemisphere.
const ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham', 'Australia/Lord_Howe'];

describe('expenseDateError: from 1900 to one year after now', () => {
  const now = new Date('2026-11-26T13:15:00Z');
  it('allows now, today, a year ahead exactly and any past day from 1900', () => {
    expect(expenseDateError(now, now)).toBeNull();
    expect(expenseDateError(new Date('2026-11-26T00:00:00Z'), now)).toBeNull();
    expect(expenseDateError(new Date('2027-11-26T13:15:00Z'), now)).toBeNull();
    expect(expenseDateError(new Date('1999-02-03T10:00:00Z'), now)).toBeNull();
    expect(expenseDateError(new Date('1900-01-01T00:00:00Z'), now)).toBeNull();
  });
  it('refuses a moment past a year ahead, a year and a day, before 1900 and no date', () => {
    expect(expenseDateError(new Date('2027-11-26T13:15:00.001Z'), now)).toBe(DATE_TOO_LATE);
    expect(expenseDateError(new Date('2027-11-27T13:15:00Z'), now)).toBe(DATE_TOO_LATE);
    expect(expenseDateError(new Date('1899-12-31T23:59:59Z'), now)).toBe(DATE_TOO_EARLY);
    expect(expenseDateError(new Date('0001-01-01T00:00:00Z'), now)).toBe(DATE_TOO_EARLY);
    expect(expenseDateError(new Date('not a date'), now)).toBe(DATE_INVALID);
  });
  it('a year after 29 February is 1 March', () => {
    const leap = new Date('2028-02-29T10:00:00Z');
    expect(expenseDateError(new Date('2029-03-01T10:00:00Z'), leap)).toBeNull();
    expect(expenseDateError(new Date('2029-03-01T10:00:01Z'), leap)).toBe(DATE_TOO_LATE);
  });
});

describe('dayToDate: a picked day shows as that day to whoever picked it', () => {
  for (const zone of ZONES) {
    it(`in ${zone}`, () => {
      process.env.TZ = zone;
      const now = new Date('2026-11-26T13:15:00Z');
      const today = localDay(now);
      expect(dayToDate(today, now)).toEqual(now);
      const past = dayToDate('2026-11-20', now);
      expect(localDay(past)).toBe('2026-11-20');
      expect(formatShortDate(past)).toBe('Nov 20, 2026');
      expect(past.getHours()).toBe(12);
      expect(localDay(dayToDate('1900-01-01', now))).toBe('1900-01-01');
      // An edit on the saved day keeps the saved moment, time of day and all.
      const saved = new Date('2025-03-09T06:41:00Z');
      expect(dayToDate(localDay(saved), now, saved)).toEqual(saved);
      expect(localDay(dayToDate('2025-03-10', now, saved))).toBe('2025-03-10');
      // The day exactly a year ahead is allowed, the day after it is not.
      const yearAhead = localDay(new Date('2027-11-26T13:15:00Z'));
      expect(localDay(dayToDate(yearAhead, now))).toBe(yearAhead);
      expect(expenseDateError(dayToDate(yearAhead, now), now)).toBeNull();
      const dayAfter = dayToDate(localDay(new Date('2027-11-27T13:15:00Z')), now);
      expect(expenseDateError(dayAfter, now)).toBe(DATE_TOO_LATE);
    });
  }
  it('is an invalid date for text that is no day', () => {
    for (const day of ['', '2026-02-30', '26-11-20', 'tomorrow'])
      expect(Number.isNaN(dayToDate(day, new Date()).getTime())).toBe(true);
  });
});
